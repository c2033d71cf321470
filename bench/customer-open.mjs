// `node bench/customer-open.mjs` (after `npm run build -w apps/api`): opening an Integrated Auto customer the way
// the customer screen does (`?checkIntegration=true`, FreshBooks sandbox) against reading its detail without the
// check, in short alternating rounds, reporting the CPU per request of the app and of PostgreSQL. After the first
// open the customer counts as recently checked, so the opens measure what a check that makes no FreshBooks call
// costs; the bench then says how many opens asked FreshBooks (decision 0011, issue 9).
// BENCH_ROUNDS (6), BENCH_ROUND_SECONDS (2), BENCH_CONNECTIONS (20), BENCH_PORT (3910), BENCH_SERVER.
import { loadavg } from 'node:os';
import pg from 'pg';
import { interleavedRounds, prepareEngine, serverFile, signIn, startProcess, stopProcess, waitFor } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3910);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SERVER = process.env.BENCH_SERVER ?? serverFile;

const base = `http://127.0.0.1:${PORT}`;
const { env, url, cleanup } = await prepareEngine('postgres');
const server = startProcess([SERVER], { ...env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
const monitor = new pg.Client({ connectionString: url });
try {
  await waitFor(`${base}/api/health`);
  await monitor.connect();
  const headers = { authorization: `Bearer ${await signIn(base)}` };
  const get = async (path) => (await fetch(`${base}${path}`, { headers })).json();
  const merchants = await get('/api/merchants/?page_size=100');
  const merchant = merchants.results.find((row) => row.name === 'Integrated Auto');
  const customerPath = `/api/merchants/${merchant.id}/customers/`;
  const [customer] = (await get(`${customerPath}?search=IA-1001`)).results;
  const detail = `${base}${customerPath}${customer.id}/`;
  const first = await get(`${customerPath}${customer.id}/?checkIntegration=true`);
  console.log(`first open: ${first.integration_sync.status}`);
  const scenarios = {
    'open (checkIntegration)': { url: `${detail}?checkIntegration=true`, headers },
    'detail (no check)': { url: detail, headers },
  };
  const totals = await interleavedRounds({
    scenarios,
    serverPid: server.pid,
    monitor,
    rounds: ROUNDS,
    seconds: ROUND_SECONDS,
    connections: CONNECTIONS,
  });
  // A build before the bounded checks has no such table: every one of its opens asked FreshBooks.
  const { rows } = await monitor
    .query(`select last_status, synced_at from customer_integration_checks where customer_id = $1`, [customer.id])
    .catch(() => ({ rows: [{ last_status: 'every open (no customer_integration_checks)' }] }));
  console.log(
    `\n${SERVER}, ${ROUNDS} × ${ROUND_SECONDS} s rounds, ${CONNECTIONS} connections, load ${loadavg()
      .map((n) => n.toFixed(1))
      .join(
        ' ',
      )}; the customer's last FreshBooks check: ${rows[0]?.last_status} at ${rows[0]?.synced_at?.toISOString()}`,
  );
  console.table(
    Object.entries(totals).map(([name, total]) => ({
      scenario: name,
      requests: total.requests,
      'req/s': Math.round(total.requests / total.seconds),
      'app µs/req': Math.round((total.appMs * 1000) / total.requests),
      'PG µs/req': Math.round((total.pgMs * 1000) / total.requests),
      'sum µs/req': Math.round(((total.appMs + total.pgMs) * 1000) / total.requests),
      non2xx: total.non2xx,
    })),
  );
} finally {
  await monitor.end().catch(() => {});
  await stopProcess(server);
  await cleanup();
}
