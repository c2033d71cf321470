// `node bench/customer-open.mjs` (after `npm run build -w apps/api`): opening an Integrated Auto customer the way
// the customer screen does (`?checkIntegration=true`, FreshBooks sandbox) against reading its detail without the
// check, in short alternating rounds, reporting the CPU per request of the app and of PostgreSQL. After the first
// open the customer counts as recently checked, so the opens measure what a check that makes no FreshBooks call
// costs; the bench then says how many opens asked FreshBooks (decision 0011, issue 9).
// BENCH_ROUNDS (6), BENCH_ROUND_SECONDS (2), BENCH_CONNECTIONS (20), BENCH_PORT (3910), BENCH_SERVER.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMs, prepareEngine, serverFile, signIn, startProcess, stopProcess, waitFor } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3910);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SERVER = process.env.BENCH_SERVER ?? serverFile;

async function backendCpu(client) {
  const { rows } = await client.query(
    `select pid from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
  );
  return new Map(rows.map(({ pid }) => [pid, cpuMs(pid) ?? 0]));
}

const run = (options) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: ROUND_SECONDS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );

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
  const totals = Object.fromEntries(
    Object.keys(scenarios).map((name) => [name, { requests: 0, non2xx: 0, seconds: 0, appMs: 0, pgMs: 0 }]),
  );
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
    }
  }
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
