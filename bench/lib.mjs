// Shared by the benches: the built server on an engine, sign-in, and CPU and memory read from /proc (Linux).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import autocannon from 'autocannon';

export const POSTGRES_SERVER = process.env.BENCH_POSTGRES_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const serverFile = new URL('../apps/api/dist/server.js', import.meta.url).pathname;

/**
 * The Node flags `npm start` runs the server with (the root package.json's `start` script), so the benches measure
 * the process users run; BENCH_NODE_FLAGS replaces them (`BENCH_NODE_FLAGS= node run.mjs`: V8's defaults).
 */
export const serverNodeFlags =
  process.env.BENCH_NODE_FLAGS === undefined
    ? JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
        .scripts.start.split(' ')
        .filter((word) => word.startsWith('--'))
    : process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);

/** Waits until `url` answers 2xx, polling every 250 ms (a server loading 100k customers can take minutes). */
export async function waitFor(url, attempts = 480) {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

/** Every demo user's password (the seeded demo data); the demo admin signs the benches in. */
export const DEMO_PASSWORD = 'Paydesk!2026';
export const DEMO_ADMIN_EMAIL = 'admin@demo.test';

/** An access token of the demo user `email` (the demo admin by default) from the server at `base`. */
export async function signIn(base, email = DEMO_ADMIN_EMAIL) {
  const response = await fetch(`${base}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return (await response.json()).access;
}

/** Signs the demo admin in through the app's Login page, in `page` (Playwright) of the app at `base`. */
export async function signInThroughLogin(page, base) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(DEMO_ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * A live payment link of the demo data on the server at `base` (issue 19 item 6): signed in as the demo admin through the API, the first
 * active account with something due, of the first of the admin's merchants that has one. Answers its /pay/ path.
 */
export async function payLinkPath(base) {
  const post = (path, body, token) =>
    fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const get = async (path, token) =>
    (await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
  const access = await signIn(base);
  const merchants = await get('/merchants/?page_size=100', access);
  for (const merchant of merchants.results) {
    const customers = await get(`/merchants/${merchant.id}/customers/?page_size=100`, access);
    for (const customer of customers.results ?? []) {
      const account = customer.accounts.find((item) => item.status === 'active' && item.amount_due_cents > 0);
      if (!account) continue;
      const issued = await post(
        `/merchants/${merchant.id}/accounts/${account.id}/payment_link/`,
        { customer_id: customer.id },
        access,
      );
      if (issued.status === 201) return new URL((await issued.json()).payment_link).pathname;
    }
  }
  throw new Error('no demo account to issue a payment link for');
}

/** Peak resident memory of a process so far, in MB. */
export function peakRssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

/** CPU time a process has used so far, in ms (clock ticks of 10 ms); null once it is gone. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Runs the built server (or `file`, another build) as `npm start` does, with `env` added to this process's. */
export function startServer(env, file = serverFile) {
  return startProcess([...serverNodeFlags, file], env);
}

export function startProcess(args, env) {
  return spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

export async function stopProcess(child) {
  // Gone already (exited, or killed by a signal): its 'exit' has been emitted.
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Where the app's data lives for one engine (`env` for the server, `url` of its database) and how to clean up:
 * embedded in a fresh DATA_DIR; postgres on BENCH_DATABASE_URL, or a fresh seeded database on POSTGRES_SERVER.
 */
export async function prepareEngine(engine) {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'embedded') {
    const url = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(join(resolve(dataDir), 'postgres'))}`;
    return { env: { DATA_DIR: dataDir }, url, cleanup: removeDir };
  }
  if (process.env.BENCH_DATABASE_URL) {
    const url = process.env.BENCH_DATABASE_URL;
    return { env: { DATA_DIR: dataDir, DATABASE_URL: url }, url, cleanup: removeDir };
  }
  const name = `paydesk_bench_${process.pid}`;
  await adminQuery(`drop database if exists ${name}`);
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_SERVER);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), SEED_DEMO_DATA: 'true' },
    url: url.toString(),
    cleanup: async () => {
      removeDir();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** CPU ms of the database's client backends (except the monitor's own connection), by pid. */
export async function backendCpu(monitor) {
  const { rows } = await monitor.query(
    `select pid from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
  );
  return new Map(rows.map(({ pid }) => [pid, cpuMs(pid) ?? 0]));
}

/**
 * Drives each scenario (autocannon options) in turn for `seconds`, `rounds` times, after a 1 s warm-up of each
 * (every pooled connection open, every statement prepared), and sums per scenario the requests, non-2xx answers,
 * seconds, the app process's CPU ms, its PostgreSQL backends' CPU ms (`monitor`: a client on the app's database)
 * and each round's p99. Rounds side by side see the same neighbours, so their CPU per request compares well.
 */
export async function interleavedRounds({ scenarios, serverPid, monitor, rounds, seconds, connections }) {
  const run = (options) =>
    new Promise((resolve, reject) =>
      autocannon({ connections, duration: seconds, ...options }, (error, result) =>
        error ? reject(error) : resolve(result),
      ),
    );
  const totals = Object.fromEntries(
    Object.keys(scenarios).map((name) => [name, { requests: 0, non2xx: 0, seconds: 0, appMs: 0, pgMs: 0, p99: [] }]),
  );
  for (const options of Object.values(scenarios)) await run({ ...options, duration: 1 });
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, options] of Object.entries(scenarios)) {
      const appBefore = cpuMs(serverPid);
      const pgBefore = await backendCpu(monitor);
      const result = await run(options);
      const appAfter = cpuMs(serverPid);
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
  return totals;
}

/**
 * A bare Fastify hello-world in its own process, driven for `seconds` at `connections` (the benches' yardstick for
 * the machine's state in the same run): answers req/s, its CPU µs per request and p50/p99 in ms.
 */
export async function measureHelloWorld({ port, seconds = 10, connections = 20 }) {
  const hello = startProcess(
    [
      '-e',
      `require('fastify')().get('/', async () => ({ hello: 'world' })).listen({ host: '127.0.0.1', port: ${port} })`,
    ],
    {},
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/`);
    const before = cpuMs(hello.pid);
    const result = await autocannon({ url: `http://127.0.0.1:${port}/`, connections, duration: seconds });
    return {
      'req/s': Math.round(result.requests.average),
      'CPU µs/req': Math.round(((cpuMs(hello.pid) - before) * 1000) / Math.max(1, result.requests.total)),
      p50: result.latency.p50,
      p99: result.latency.p99,
    };
  } finally {
    await stopProcess(hello);
  }
}
