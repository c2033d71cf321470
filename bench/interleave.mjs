// `node bench/interleave.mjs` (after `npm run build -w apps/api`): health, the merchants list and profile in short
// alternating rounds against one server, reporting per scenario the CPU per request of the app process AND of the
// PostgreSQL backends serving its database (pg_stat_activity, /proc). On a shared machine requests/s swing with the
// neighbours' load; CPU per request, and the ratio of rounds run side by side, much less.
// BENCH_ENGINES (embedded,postgres), BENCH_ROUNDS (6), BENCH_ROUND_SECONDS (2), BENCH_CONNECTIONS (50),
// BENCH_PORT (3900), BENCH_SERVER (a built server file, default apps/api/dist/server.js: to compare builds),
// BENCH_NODE_FLAGS (default: the flags of `npm start`; empty for V8's defaults).
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMs, prepareEngine, serverFile, signIn, startServer, stopProcess, waitFor } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ENGINES = (process.env.BENCH_ENGINES ?? 'embedded,postgres').split(',').filter(Boolean);
const SERVER = process.env.BENCH_SERVER ?? serverFile;

/** CPU ms of the database's client backends (except ours), by pid. */
async function backendCpu(client) {
  const { rows } = await client.query(
    `select pid from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
  );
  return new Map(rows.map(({ pid }) => [pid, cpuMs(pid) ?? 0]));
}

function run(options) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: ROUND_SECONDS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

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
    const scenarios = {
      health: { url: `${base}/api/health` },
      merchants: { url: `${base}/api/merchants/`, headers },
      profile: { url: `${base}/api/profile/`, headers },
    };
    const totals = Object.fromEntries(
      Object.keys(scenarios).map((name) => [name, { requests: 0, non2xx: 0, seconds: 0, appMs: 0, pgMs: 0, p99: [] }]),
    );
    // Warm up: every pooled connection open, every statement prepared.
    for (const options of Object.values(scenarios)) await run({ ...options, duration: 1 });
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, options] of Object.entries(scenarios)) {
        const appBefore = cpuMs(server.pid);
        const pgBefore = await backendCpu(monitor);
        const result = await run(options);
        const appAfter = cpuMs(server.pid);
        const pgAfter = await backendCpu(monitor);
        const total = totals[name];
        total.requests += result.requests.total;
        total.non2xx += result.non2xx;
        total.seconds += result.duration;
        total.appMs += appAfter - appBefore;
        for (const [pid, after] of pgAfter) total.pgMs += after - (pgBefore.get(pid) ?? 0);
        total.p99.push(result.latency.p99);
      }
    }
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
