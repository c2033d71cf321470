// `npm run bench:chat-socket -w bench` (after `npm run build -w apps/api`): a customer's text reaching the browsers
// watching that conversation (issue 21 target: p99 under 100 ms with 1,000 sockets open on one process). Starts the
// built server (embedded by default; BENCH_ENGINE=postgres for the machine's server), loads BENCH_SOCKETS customers
// with phones into Demo Motors, opens one `/ws/chat/{customerId}/` socket per customer (admin@demo.test, each with
// its own ticket), plus BENCH_EVENTS_SOCKETS `/ws/events/` sockets (default 0), then posts BENCH_MESSAGES (1,000)
// customer replies through the Outbox's inbound path (`POST /api/dev/outbox/inbound/`, as super@demo.test: the
// provider's path, stored, then processed by its job), BENCH_RATE (10) per second at a steady pace whatever the
// answers (an open loop: texts arrive when customers send them), each from a random customer, and times each from
// the post to its frame's arrival on that customer's socket. A bare Fastify hello-world is measured in the same run.
// Prints a table and writes results/chat-socket-latest.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import WebSocket from 'ws';
import { cpuMs, peakRssMb, prepareEngine, signIn, startProcess, startServer, stopProcess, waitFor } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3930);
const HELLO_PORT = PORT + 1;
const ENGINE = process.env.BENCH_ENGINE ?? 'embedded';
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const EVENTS_SOCKETS = Number(process.env.BENCH_EVENTS_SOCKETS ?? 0);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 10);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (value) => Math.round(value * 10) / 10;

function summarise(title, times) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    title,
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1]),
  };
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
    const before = cpuMs(hello.pid);
    const result = await autocannon({ url: `http://127.0.0.1:${HELLO_PORT}/`, connections: 10, duration: 5 });
    return {
      title: 'bare Fastify hello-world (10 connections, 5 s)',
      'req/s': Math.round(result.requests.average),
      'CPU µs/req': Math.round(((cpuMs(hello.pid) - before) * 1000) / result.requests.total),
      p50: result.latency.p50,
      p99: result.latency.p99,
    };
  } finally {
    await stopProcess(hello);
  }
}

async function ticketOf(base, access) {
  const response = await fetch(`${base}/api/ws-ticket/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}` },
  });
  if (response.status !== 201) throw new Error(`ws-ticket: ${response.status}`);
  return (await response.json()).ticket;
}

function openSocket(url, onFrame) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on('message', (data) => onFrame(JSON.parse(String(data))));
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.once('close', (code) => {
      if (!finishing) console.warn(`a socket closed with ${code}`);
    });
  });
}

/** BENCH_SOCKETS customers of Demo Motors with their own phone number, opted in to texts. */
async function loadCustomers(db) {
  const { rows } = await db.query(
    `with merchant as (select id from merchants where name = 'Demo Motors'),
          location as (select l.id from merchant_locations l join merchant m on m.id = l.merchant_id limit 1)
     insert into customers (merchant_id, location_id, first_name, last_name, email, sms_phone_number, search_text,
       text_opt_in, created, updated)
     select (select id from merchant), (select id from location), 'Bench', 'Chat ' || n, 'chat' || n || '@bench.example',
       '+1312' || (700 + n / 10000)::text || lpad((n % 10000)::text, 4, '0'),
       'bench chat ' || n, true, now(), now()
     from generate_series(1, $1) as n
     returning id, sms_phone_number as phone`,
    [SOCKETS],
  );
  return rows;
}

const helloResult = await helloWorld();
console.log(helloResult);

const base = `http://127.0.0.1:${PORT}`;
const { env, url, cleanup } = await prepareEngine(ENGINE);
const server = startServer({ ...env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
const db = new pg.Client({ connectionString: url });
const sockets = [];
let finishing = false;
try {
  await waitFor(`${base}/api/health`);
  await db.connect();
  const customers = await loadCustomers(db);
  const admin = await signIn(base);
  const superUser = await signIn(base, 'super@demo.test');

  // The frame each pending post waits for, by the body it sent.
  const waiting = new Map();
  const onFrame = (frame) => {
    if (frame.type !== 'chat.message') return;
    waiting.get(frame.message.body)?.(performance.now());
  };
  const openStarted = performance.now();
  for (let offset = 0; offset < customers.length; offset += 50) {
    const batch = customers.slice(offset, offset + 50);
    sockets.push(
      ...(await Promise.all(
        batch.map(async (customer) =>
          openSocket(`ws://127.0.0.1:${PORT}/ws/chat/${customer.id}/?token=${await ticketOf(base, admin)}`, onFrame),
        ),
      )),
    );
  }
  for (let index = 0; index < EVENTS_SOCKETS; index += 1) {
    sockets.push(await openSocket(`ws://127.0.0.1:${PORT}/ws/events/?ticket=${await ticketOf(base, admin)}`, () => {}));
  }
  const openMs = performance.now() - openStarted;
  console.log(`${sockets.length} sockets open in ${Math.round(openMs)} ms`);

  const post = async (customer, body) => {
    const arrived = new Promise((resolve) => waiting.set(body, resolve));
    const started = performance.now();
    const response = await fetch(`${base}/api/dev/outbox/inbound/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${superUser}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: customer.phone, body }),
    });
    const answered = performance.now();
    if (response.status !== 201) throw new Error(`inbound: ${response.status} ${await response.text()}`);
    const timeout = new Promise((resolve) => setTimeout(() => resolve(null), 30_000));
    const at = await Promise.race([arrived, timeout]);
    waiting.delete(body);
    return { post: answered - started, frame: at === null ? null : at - started };
  };

  // A warm-up (JIT, pooled connections, prepared statements), then the measured posts.
  let sequence = 0;
  const pick = () => customers[Math.floor(Math.random() * customers.length)];
  for (let index = 0; index < 50; index += 1) await post(pick(), `warm-up ${(sequence += 1)}`);

  const cpuBefore = cpuMs(server.pid);
  const started = performance.now();
  const pending = [];
  for (let index = 0; index < MESSAGES; index += 1) {
    const due = started + (index * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Settled, not awaited: a failed post is counted, and does not stop the run.
    pending.push(post(pick(), `bench reply ${(sequence += 1)}`).catch((error) => ({ error: String(error) })));
  }
  const settled = await Promise.all(pending);
  const failed = settled.filter((result) => result.error);
  const lost = settled.filter((result) => !result.error && result.frame === null);
  const results = settled.filter((result) => !result.error && result.frame !== null);
  if (failed.length > 0) console.warn(`${failed.length} posts failed, e.g. ${failed[0].error}`);
  if (lost.length > 0) console.warn(`${lost.length} frames did not arrive within 30 s`);
  const seconds = (performance.now() - started) / 1000;
  const cpuPerMessageUs = Math.round(((cpuMs(server.pid) - cpuBefore) * 1000) / results.length);
  const rows = [
    summarise(
      'POST /api/dev/outbox/inbound/ answered (ms)',
      results.map((result) => result.post),
    ),
    summarise(
      'post → chat frame on the socket (ms)',
      results.map((result) => result.frame),
    ),
  ];
  console.log(
    `\n${ENGINE}: ${SOCKETS} chat sockets + ${EVENTS_SOCKETS} events sockets, ${results.length} replies, ` +
      `${RATE}/s offered, ${Math.round(results.length / seconds)} replies/s done (${failed.length} failed, ` +
      `${lost.length} frames lost), app CPU ${cpuPerMessageUs} µs per ` +
      `reply, peak RSS ${peakRssMb(server.pid)} MB, load ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
  );
  console.table([helloResult]);
  console.table(rows);
  mkdirSync(new URL('./results', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('./results/chat-socket-latest.json', import.meta.url),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        engine: ENGINE,
        sockets: SOCKETS,
        eventsSockets: EVENTS_SOCKETS,
        ratePerSecond: RATE,
        failed: failed.length,
        lost: lost.length,
        repliesPerSecond: Math.round(results.length / seconds),
        cpuPerReplyUs: cpuPerMessageUs,
        peakRssMb: peakRssMb(server.pid),
        loadAverage: loadavg(),
        helloWorld: helloResult,
        latencies: rows,
      },
      null,
      2,
    ),
  );
} finally {
  finishing = true;
  for (const socket of sockets) socket.terminate();
  await db.end().catch(() => {});
  await stopProcess(server);
  await cleanup();
}
