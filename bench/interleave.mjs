// `node bench/interleave.mjs` (after `npm run build -w apps/api`): health, the merchants list, profile and a
// merchant's customers list in short alternating rounds against one server, reporting per scenario the CPU per
// request of the app process AND of the PostgreSQL backends serving its database (pg_stat_activity, /proc). On a
// shared machine requests/s swing with the neighbours' load; CPU per request, and the ratio of rounds run side by
// side, much less.
// BENCH_ENGINES (embedded,postgres), BENCH_ROUNDS (6), BENCH_ROUND_SECONDS (2), BENCH_CONNECTIONS (50),
// BENCH_PORT (3900), BENCH_SERVER (a built server file, default apps/api/dist/server.js: to compare builds),
// BENCH_NODE_FLAGS (default: the flags of `npm start`; empty for V8's defaults).
import pg from 'pg';
import { interleavedRounds, prepareEngine, serverFile, signIn, startServer, stopProcess, waitFor } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ENGINES = (process.env.BENCH_ENGINES ?? 'embedded,postgres').split(',').filter(Boolean);
const SERVER = process.env.BENCH_SERVER ?? serverFile;

async function benchEngine(engine) {
  const base = `http://127.0.0.1:${PORT}`;
  const { env, url, cleanup } = await prepareEngine(engine);
  const server = startServer(
    { ...env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
    SERVER,
  );
  const monitor = new pg.Client({ connectionString: url });
  try {
    await waitFor(`${base}/api/health`);
    await monitor.connect();
    const headers = { authorization: `Bearer ${await signIn(base)}` };
    const merchants = await (await fetch(`${base}/api/merchants/?search=Demo%20Motors`, { headers })).json();
    const scenarios = {
      health: { url: `${base}/api/health` },
      merchants: { url: `${base}/api/merchants/`, headers },
      profile: { url: `${base}/api/profile/`, headers },
      // A merchant's route: the access check, then the demo customers list's first page (50 of 200 rows).
      customers: { url: `${base}/api/merchants/${merchants.results[0].id}/customers/`, headers },
    };
    const totals = await interleavedRounds({
      scenarios,
      serverPid: server.pid,
      monitor,
      rounds: ROUNDS,
      seconds: ROUND_SECONDS,
      connections: CONNECTIONS,
    });
    const health = totals.health;
    const rows = Object.entries(totals).map(([name, total]) => ({
      scenario: name,
      'req/s': Math.round(total.requests / total.seconds),
      'app µs/req': Math.round((total.appMs * 1000) / total.requests),
      'PG µs/req': Math.round((total.pgMs * 1000) / total.requests),
      'sum µs/req': Math.round(((total.appMs + total.pgMs) * 1000) / total.requests),
      'of health': Number((total.requests / health.requests).toFixed(2)),
      'p99 ms (max)': Math.max(...total.p99),
      non2xx: total.non2xx,
    }));
    console.log(
      `\n${engine}, ${SERVER}, ${ROUNDS} × ${ROUND_SECONDS} s rounds, load ${(await import('node:os'))
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    console.table(rows);
  } finally {
    await monitor.end().catch(() => {});
    await stopProcess(server);
    await cleanup();
  }
}

for (const engine of ENGINES) await benchEngine(engine);
