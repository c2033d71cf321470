// `npm run bench:customers -w bench` (after `npm run build -w apps/api`): the customers list at scale. Starts the
// built server on the embedded default (demo data seeded), loads 100,000 customers with accounts into Demo Motors
// (customers-generate.mjs), then, signed in as admin@demo.test, measures each scenario's single-request latency (one
// request at a time), then drives /api/health and the loaded scenarios at 20 connections, reading the CPU time the
// app and PostgreSQL (the processes below the app) spend per request. Prints tables and writes
// results/customers-latest.json.
//
// BENCH_DATA_DIR keeps the database between runs (created and loaded the first time, reused after); without it a
// fresh temporary DATA_DIR is loaded and removed. BENCH_ONLY (a regular expression) picks scenarios by title.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { embeddedUrl, generateCustomers } from './customers-generate.mjs';
import { signIn, waitFor } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const COUNT = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const SINGLE_REQUESTS = 20;
const serverFile = new URL('../apps/api/dist/server.js', import.meta.url).pathname;

/**
 * CPU time a process has used so far, in ms (Linux; clock ticks of 10 ms); with `reaped`, also that of its children
 * that have exited (a PostgreSQL backend whose pooled connection closed leaves its time to the postmaster).
 */
function cpuMs(pid, reaped = false) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (reaped ? own + Number(fields[13]) + Number(fields[14]) : own) * 10;
  } catch {
    return null;
  }
}

/** The processes below `pid` (the embedded PostgreSQL server and its backends). */
function descendantsOf(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // exited
    }
  }
  const found = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift();
    found.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

/** CPU ms of the app and of PostgreSQL (every process below the app, and the backends that have exited). */
function cpuSample(pid) {
  const database = descendantsOf(pid).reduce((sum, child) => sum + (cpuMs(child, true) ?? 0), 0);
  return { app: cpuMs(pid), database };
}

const perRequestUs = (ms, total) => (total === 0 ? null : Math.round((ms * 1000) / total));

function measure(title, options, pid) {
  const before = cpuSample(pid);
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) => {
      if (error) return reject(error);
      const after = cpuSample(pid);
      resolve({
        title,
        requestsPerSecond: Math.round(result.requests.average),
        cpuPerRequestUs: perRequestUs(after.app - before.app, result.requests.total),
        databaseCpuPerRequestUs: perRequestUs(after.database - before.database, result.requests.total),
        latencyP50ms: result.latency.p50,
        latencyP99ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

/** One request at a time: the median and the slowest of SINGLE_REQUESTS after three warm-ups, in ms. */
async function single(title, url, headers) {
  const times = [];
  let body;
  for (let index = 0; index < SINGLE_REQUESTS + 3; index += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    body = await response.json();
    if (!response.ok) throw new Error(`${title}: ${response.status}`);
    if (index >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10) / 10;
  return {
    title,
    count: body.count,
    medianMs: round(times[Math.floor(times.length / 2)]),
    maxMs: round(times[times.length - 1]),
  };
}

async function customersOf(url, merchant) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as count from customers c join merchants m on m.id = c.merchant_id
       where m.name = $1 and c.removed_at is null`,
      [merchant],
    );
    return rows[0].count;
  } finally {
    await client.end();
  }
}

const keep = Boolean(process.env.BENCH_DATA_DIR);
const dataDir = keep ? resolve(process.env.BENCH_DATA_DIR) : mkdtempSync(join(tmpdir(), 'paydesk-bench-customers-'));
if (keep && !existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
const base = `http://127.0.0.1:${PORT}`;
const startServer = () =>
  spawn(process.execPath, [serverFile], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
async function stopServer(running) {
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
}

/**
 * Waits until the app has put the customers' name search rows in order (decision 0018): the sweep the app queues
 * when it starts (as it does after an import) has run, and no merchant is left with rows out of order.
 */
async function waitForNameOrder(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const { rows } = await client.query(
        `select (select count(*)::int from pgboss.job where name = 'customers.order-name-search'
                   and state in ('created', 'retry', 'active')) as waiting,
                (select count(*)::int from customer_name_search where not in_order) as unordered`,
      );
      if (rows[0].waiting === 0 && rows[0].unordered < 500) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('the customer name search was not put in order within 5 minutes');
  } finally {
    await client.end();
  }
}

let server = startServer();
try {
  await waitFor(`${base}/api/health`);
  const url = embeddedUrl(dataDir);
  const present = await customersOf(url, 'Demo Motors');
  if (present < COUNT) {
    await generateCustomers({ url, count: COUNT });
    // Loaded behind the app's back (as a restore would be): it puts them in name order when it starts.
    await stopServer(server);
    server = startServer();
    await waitFor(`${base}/api/health`);
    const started = performance.now();
    await waitForNameOrder(url);
    console.log(`name search put in order in ${Math.round(performance.now() - started)} ms after the restart`);
  } else {
    console.log(`reusing ${dataDir}: ${present} customers at Demo Motors`);
    await waitForNameOrder(url);
  }
  const headers = { authorization: `Bearer ${await signIn(base)}` };
  const merchants = await (await fetch(`${base}/api/merchants/?search=Demo%20Motors`, { headers })).json();
  const merchantId = merchants.results.find((merchant) => merchant.name === 'Demo Motors').id;
  const list = `${base}/api/merchants/${merchantId}/customers/`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const lookup = async (text, values) => (await client.query(text, values)).rows[0]?.id;
  const location = await lookup('select id from merchant_locations where merchant_id = $1 order by name limit 1', [
    merchantId,
  ]);
  const tag = await lookup(
    `select t.id from account_tags t join account_tag_assignments ata on ata.tag_id = t.id
     where t.merchant_id = $1 group by t.id order by count(*) desc limit 1`,
    [merchantId],
  );
  const rareTag = await lookup(
    `select t.id from account_tags t join account_tag_assignments ata on ata.tag_id = t.id
     where t.merchant_id = $1 group by t.id order by count(*) limit 1`,
    [merchantId],
  );
  await client.end();

  // Under load (autocannon) and one at a time.
  const loaded = [
    ['list, 50 rows by last name', `${list}?page_size=50`],
    ['list sorted by amount due, page 3', `${list}?page_size=50&ordering=-amount_due&page=3`],
    ['search "garcia" (name)', `${list}?search=garcia`],
    ['search "(212) 201" (phone digits)', `${list}?search=${encodeURIComponent('(212) 201')}`],
    ['search "z" (one letter)', `${list}?search=z`],
    ['filter status=pending', `${list}?status=pending`],
    ['filter by tag (most used)', `${list}?tag=${tag}`],
    ['search "qx" (two letters, no match)', `${list}?search=qx`],
  ];
  // One at a time only.
  const singles = [
    ['filter by location', `${list}?location=${location}`],
    ['filter by tag (least used)', `${list}?tag=${rareTag}`],
    ['filter status=do_not_contact', `${list}?status=do_not_contact`],
    ['filter status=pending, tag', `${list}?status=pending&tag=${tag}`],
    ...['last_name', 'first_name', 'created', 'amount_due', 'due_date', 'external_id'].flatMap((key) => [
      [`sort ${key}`, `${list}?ordering=${key}`],
      [`sort -${key}`, `${list}?ordering=-${key}`],
    ]),
    ['page 200 (50 rows)', `${list}?page_size=50&page=200`],
    ['page 200 sorted by -due_date', `${list}?page_size=50&page=200&ordering=-due_date`],
    ['search "a" (one letter)', `${list}?search=a`],
    ['search "ma" (two letters)', `${list}?search=ma`],
    ['search "smith" sorted by last name', `${list}?search=smith`],
    ['search "example" (every row)', `${list}?search=example`],
    ['search "nomatchzz"', `${list}?search=nomatchzz`],
    ['search "2125550" (digits)', `${list}?search=2125550`],
    ['search "garcia" sorted by -amount_due', `${list}?search=garcia&ordering=-amount_due`],
  ];
  const picked = ([title]) => !ONLY || ONLY.test(title);
  // One at a time first: it also warms the server (JIT, statements, cached totals) before the load.
  const load = loadavg()[0];
  const latencies = [await single('GET /api/health', `${base}/api/health`, {})];
  for (const [title, url] of [...loaded, ...singles].filter(picked)) latencies.push(await single(title, url, headers));
  const scenarios = [];
  scenarios.push(await measure('GET /api/health', { url: `${base}/api/health` }, server.pid));
  for (const [title, url] of loaded.filter(picked)) {
    scenarios.push(await measure(title, { url, headers }, server.pid));
  }
  const health = scenarios[0].requestsPerSecond;
  console.log(`load average ${load.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end`);
  console.table(
    scenarios.map((scenario) => ({
      scenario: scenario.title,
      'req/s': scenario.requestsPerSecond,
      'app µs/req': scenario.cpuPerRequestUs,
      'db µs/req': scenario.databaseCpuPerRequestUs,
      p50: scenario.latencyP50ms,
      p99: scenario.latencyP99ms,
      'of health': Math.round((scenario.requestsPerSecond / health) * 100) / 100,
      non2xx: scenario.non2xx,
    })),
  );
  console.table(latencies.map(({ title, count, medianMs, maxMs }) => ({ title, count, median: medianMs, max: maxMs })));
  const resultsDir = new URL('./results/', import.meta.url).pathname;
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    join(resultsDir, 'customers-latest.json'),
    JSON.stringify(
      {
        when: new Date().toISOString(),
        loadAverage: [load, loadavg()[0]],
        customers: COUNT,
        connections: CONNECTIONS,
        scenarios,
        latencies,
      },
      null,
      2,
    ),
  );
} finally {
  await stopServer(server);
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
