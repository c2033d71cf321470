// `npm run bench:customers -w bench` (after `npm run build -w apps/api`): the customers list at scale. Starts the
// built server on the embedded default in a fresh DATA_DIR (demo data seeded), loads 100,000 customers with accounts
// into Demo Motors (customers-generate.mjs), then drives, signed in as admin@demo.test, at 20 connections:
// /api/health beside the list (default order, and sorted by amount due), a name search, a phone search typed with
// punctuation, and a status filter. Prints a table and writes results/customers-latest.json.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { embeddedUrl, generateCustomers } from './customers-generate.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const COUNT = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const serverFile = new URL('../apps/api/dist/server.js', import.meta.url).pathname;

async function waitFor(url) {
  for (let attempt = 0; attempt < 480; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

function measure(title, options, pid) {
  const before = cpuMs(pid);
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) => {
      if (error) return reject(error);
      const after = cpuMs(pid);
      resolve({
        title,
        requestsPerSecond: Math.round(result.requests.average),
        cpuPerRequestUs:
          before === null || after === null || result.requests.total === 0
            ? null
            : Math.round(((after - before) * 1000) / result.requests.total),
        latencyP50ms: result.latency.p50,
        latencyP99ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-customers-'));
const base = `http://127.0.0.1:${PORT}`;
const server = spawn(process.execPath, [serverFile], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitFor(`${base}/api/health`);
  const { merchantId } = await generateCustomers({ url: embeddedUrl(dataDir), count: COUNT });
  const signIn = await fetch(`${base}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'Paydesk!2026' }),
  });
  const headers = { authorization: `Bearer ${(await signIn.json()).access}` };
  const list = `${base}/api/merchants/${merchantId}/customers/`;
  const scenarios = [];
  scenarios.push(await measure('GET /api/health', { url: `${base}/api/health` }, server.pid));
  const cases = [
    ['list, 50 rows by last name', `${list}?page_size=50`],
    ['list sorted by amount due, page 3', `${list}?page_size=50&ordering=-amount_due&page=3`],
    ['search "garcia" (name)', `${list}?search=garcia`],
    ['search "(212) 201" (phone digits)', `${list}?search=${encodeURIComponent('(212) 201')}`],
    ['search "z" (one letter: no trigram)', `${list}?search=z`],
    ['filter status=pending', `${list}?status=pending`],
  ];
  for (const [title, url] of cases) scenarios.push(await measure(title, { url, headers }, server.pid));
  console.table(
    scenarios.map((scenario) => ({
      scenario: scenario.title,
      'req/s': scenario.requestsPerSecond,
      'CPU µs/req': scenario.cpuPerRequestUs,
      p50: scenario.latencyP50ms,
      p99: scenario.latencyP99ms,
      non2xx: scenario.non2xx,
    })),
  );
  const resultsDir = new URL('./results/', import.meta.url).pathname;
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    join(resultsDir, 'customers-latest.json'),
    JSON.stringify({ when: new Date().toISOString(), customers: COUNT, connections: CONNECTIONS, scenarios }, null, 2),
  );
} finally {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
