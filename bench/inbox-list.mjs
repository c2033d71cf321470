// `npm run bench:inbox-list -w bench` (after `npm run build -w apps/api`): the inbox list at scale (issue 21 target:
// p99 under 50 ms with 100,000 conversations on a merchant). Starts the built server on the embedded default (demo
// data seeded), loads BENCH_CONVERSATIONS (100,000) customers into Demo Motors (customers-generate.mjs) and gives
// each a conversation (generateConversations below: a last message spread over a year, one in five unread, and one unknown
// sender per hundred), then, signed in as admin@demo.test, times each scenario one request at a time
// (BENCH_REQUESTS, 50, after 5 warm-ups: p50/p99/max) and under load (autocannon, BENCH_CONNECTIONS 10 for
// BENCH_SECONDS 5: req/s, p99), beside a bare Fastify hello-world measured in the same run. Prints tables and writes
// results/inbox-list-latest.json.
//
// BENCH_DATA_DIR keeps the database between runs (loaded the first time, reused after); without it a fresh temporary
// DATA_DIR is loaded and removed. BENCH_ONLY (a regular expression) picks scenarios by title.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { embeddedUrl, generateCustomers } from './customers-generate.mjs';
import { cpuMs, signIn, startProcess, startServer, stopProcess, waitFor } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3940);
const HELLO_PORT = PORT + 1;
const COUNT = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (value) => Math.round(value * 10) / 10;

/** Gives every customer of the merchant without one a conversation, and adds one unknown sender per hundred. */
async function generateConversations(url, merchant = 'Demo Motors') {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    await client.query('set synchronous_commit = off');
    const { rowCount } = await client.query(
      `insert into inbox_threads (merchant_id, customer_id, phone_number, last_message_body, last_message_created,
         unread_messages)
       select c.merchant_id, c.id, c.sms_phone_number,
         case when n % 3 = 0 then 'Can I pay on Friday?' when n % 3 = 1 then 'Your payment is due soon.'
           else 'Thanks, received.' end,
         now() - make_interval(secs => (n * 7919) % 31536000), case when n % 5 = 0 then 1 + n % 4 else 0 end
       from (select c.*, row_number() over (order by c.id) as n from customers c
             join merchants m on m.id = c.merchant_id and m.name = $1
             where not exists (select 1 from inbox_threads t where t.customer_id = c.id)) c`,
      [merchant],
    );
    const { rowCount: unknown } = await client.query(
      `insert into inbox_threads (merchant_id, phone_number, last_message_body, last_message_created, unread_messages)
       select m.id, '+1415' || lpad(n::text, 7, '0'), 'Who is this?', now() - make_interval(secs => n * 3001), 1
       from merchants m, generate_series(1, $2::int / 100) as n
       where m.name = $1
       on conflict do nothing`,
      [merchant, COUNT],
    );
    await client.query('vacuum analyze inbox_threads');
    console.log(`${rowCount} conversations and ${unknown} unknown senders in ${Date.now() - started} ms`);
  } finally {
    await client.end();
  }
}

async function helloWorld() {
  const hello = startProcess(
    [
      '-e',
      `require('fastify')().get('/', async () => ({ hello: 'world' })).listen({ host: '127.0.0.1', port: ${HELLO_PORT} })`,
    ],
    {},
  );
  try {
    await waitFor(`http://127.0.0.1:${HELLO_PORT}/`);
    return await load('bare Fastify hello-world', { url: `http://127.0.0.1:${HELLO_PORT}/` }, hello.pid);
  } finally {
    await stopProcess(hello);
  }
}

async function load(title, options, pid) {
  const before = cpuMs(pid);
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    title,
    'req/s': Math.round(result.requests.average),
    'app CPU µs/req': Math.round(((cpuMs(pid) - before) * 1000) / Math.max(1, result.requests.total)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** One request at a time: p50, p99 and the slowest of REQUESTS after five warm-ups, in ms. */
async function single(title, url, headers) {
  const times = [];
  let body;
  for (let index = 0; index < REQUESTS + 5; index += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    body = await response.json();
    if (!response.ok) throw new Error(`${title}: ${response.status} ${JSON.stringify(body)}`);
    if (index >= 5) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    title,
    rows: body.results.length,
    next: body.next ? 'yes' : 'no',
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    max: round(times[times.length - 1]),
  };
}

async function conversationsOf(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as count from inbox_threads t join merchants m on m.id = t.merchant_id
       where m.name = 'Demo Motors' and t.customer_id is not null`,
    );
    return rows[0].count;
  } finally {
    await client.end();
  }
}

const helloResult = await helloWorld();
const keep = Boolean(process.env.BENCH_DATA_DIR);
const dataDir = keep ? resolve(process.env.BENCH_DATA_DIR) : mkdtempSync(join(tmpdir(), 'paydesk-bench-inbox-'));
if (keep && !existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
const base = `http://127.0.0.1:${PORT}`;
const url = embeddedUrl(dataDir);
const server = startServer({ DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
try {
  await waitFor(`${base}/api/health`);
  const present = await conversationsOf(url);
  if (present < COUNT) {
    await generateCustomers({ url, count: COUNT - present });
    await generateConversations(url);
  } else {
    console.log(`reusing ${dataDir}: ${present} conversations at Demo Motors`);
  }
  const headers = { authorization: `Bearer ${await signIn(base)}` };
  const merchants = await (await fetch(`${base}/api/merchants/?search=Demo%20Motors`, { headers })).json();
  const merchantId = merchants.results.find((merchant) => merchant.name === 'Demo Motors').id;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const location = (
    await client.query('select id from merchant_locations where merchant_id = $1 order by name limit 1', [merchantId])
  ).rows[0].id;
  await client.end();
  const list = `${base}/api/merchants/${merchantId}/inbox/`;
  const scenarios = [
    ['page 1 (25 newest)', `${list}`],
    ['page 40', `${list}?page=40`],
    ['location filter, page 1', `${list}?location=${location}`],
    ['search "garcia" (name)', `${list}?search=garcia`],
    ['search "(212) 201" (phone)', `${list}?search=${encodeURIComponent('(212) 201')}`],
    ['search "+1 415" (unknown senders)', `${list}?search=${encodeURIComponent('+1 415')}`],
    ['search "garcia", location filter', `${list}?search=garcia&location=${location}`],
    ['search "zzqx" (no match)', `${list}?search=zzqx`],
  ].filter(([title]) => !ONLY || ONLY.test(title));

  const singles = [];
  for (const [title, target] of scenarios) singles.push(await single(title, target, headers));
  const loaded = [];
  for (const [title, target] of scenarios) loaded.push(await load(title, { url: target, headers }, server.pid));

  console.log(
    `\n${COUNT} conversations, load ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.table([helloResult]);
  console.log(`one request at a time (${REQUESTS} each, ms):`);
  console.table(singles);
  console.log(`${CONNECTIONS} connections for ${SECONDS} s each:`);
  console.table(loaded);
  mkdirSync(new URL('./results', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('./results/inbox-list-latest.json', import.meta.url),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        conversations: COUNT,
        loadAverage: loadavg(),
        helloWorld: helloResult,
        singles,
        loaded,
      },
      null,
      2,
    ),
  );
} finally {
  await stopProcess(server);
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
