// `npm run bench:transactions -w bench` (after `npm run build -w apps/api`): issue 18's targets with 1,000,000
// payments on Demo Motors — transaction search p99 under 50 ms at 20 connections (the default page and `like`
// searches), the whole-range CSV export streamed in under 60 s with flat server memory — and refunds (`refund_payment`)
// one at a time and 20 at once, beside a bare Fastify hello-world measured in the same run.
//
// The data lives in its own PostgreSQL database on the machine's server (BENCH_TX_DB, default paydesk_bench_tx),
// loaded by transactions-generate.mjs the first time (a few minutes) and reused after; BENCH_TX_FRESH=1 drops and
// reloads it. Drop it when done: `psql -c 'drop database paydesk_bench_tx'`.
// BENCH_SECONDS (10), BENCH_CONNECTIONS (20), BENCH_PORT (3940), BENCH_TX_COUNT (1000000), BENCH_ONLY (a regular
// expression over scenario titles), BENCH_REFUNDS (400 each way).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { POSTGRES_SERVER, cpuMs, peakRssMb, serverFile, signIn, startProcess, stopProcess, waitFor } from './lib.mjs';
import { generateTransactions } from './transactions-generate.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3940);
const HELLO_PORT = PORT + 1;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const COUNT = Number(process.env.BENCH_TX_COUNT ?? 1_000_000);
const DB_NAME = process.env.BENCH_TX_DB ?? 'paydesk_bench_tx';
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const REFUNDS = Number(process.env.BENCH_REFUNDS ?? 400);
const OWED_CENTS = 100_000_000;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (value) => Math.round(value * 10) / 10;

function measure(title, options, pid) {
  const before = pid ? cpuMs(pid) : null;
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) => {
      if (error) return reject(error);
      const after = pid ? cpuMs(pid) : null;
      resolve({
        title,
        'req/s': Math.round(result.requests.average),
        'app CPU µs/req':
          before === null || result.requests.total === 0
            ? null
            : Math.round(((after - before) * 1000) / result.requests.total),
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

async function admin(text, values) {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

function vmRssMb(pid) {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
  } catch {
    return null;
  }
}

const hello = startProcess(
  [
    '-e',
    `require('fastify')().get('/', async () => ({ hello: 'world' })).listen({ host: '127.0.0.1', port: ${HELLO_PORT} })`,
  ],
  {},
);
let helloResult;
try {
  await waitFor(`http://127.0.0.1:${HELLO_PORT}/`);
  helloResult = await measure('bare Fastify hello-world', { url: `http://127.0.0.1:${HELLO_PORT}/` }, hello.pid);
} finally {
  await stopProcess(hello);
}

// The loaded database: made, seeded by the server's first start and loaded the first time; reused after.
if (process.env.BENCH_TX_FRESH === '1') await admin(`drop database if exists ${DB_NAME} with (force)`);
const exists = (await admin('select 1 from pg_database where datname = $1', [DB_NAME])).rowCount > 0;
if (!exists) await admin(`create database ${DB_NAME}`);
const dbUrl = new URL(POSTGRES_SERVER);
dbUrl.pathname = `/${DB_NAME}`;
const url = dbUrl.toString();
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-tx-'));
const serverEnv = { DATABASE_URL: url, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
const server = startProcess([serverFile], { ...serverEnv, SEED_DEMO_DATA: exists ? 'false' : 'true' });
const db = new pg.Client({ connectionString: url });
const rows = [helloResult];
const notes = [];
try {
  await waitFor(`${base}/api/health`);
  await db.connect();
  if (!exists) {
    await generateTransactions({ url, count: COUNT });
  }
  const { rows: merchantRows } = await db.query(
    `select m.id, (select count(*)::int from payments p where p.merchant_id = m.id) as payments
       from merchants m where m.name = 'Demo Motors'`,
  );
  const merchant = merchantRows[0];
  notes.push(`Demo Motors holds ${merchant.payments} payments`);
  const headers = { authorization: `Bearer ${await signIn(base)}`, 'content-type': 'application/json' };
  const api = `/api/merchants/${merchant.id}`;

  // Search terms that exist in the data: a common last name, a card's last 4, a bench account's external id.
  const { rows: samples } = await db.query(
    `select (select m.last4 from payment_methods m where m.merchant_id = $1 and m.gateway_reference like 'bench_pm_%'
              order by m.id limit 1) as last4,
            (select a.external_id from accounts a where a.merchant_id = $1 and a.external_id like 'B%-1234') as external_id,
            (select s.gateway_reference from payment_sources s join payments p on p.id = s.payment_id
              where p.merchant_id = $1 and s.gateway_reference is not null order by p.created desc limit 1 offset 5000)
              as reference`,
    [merchant.id],
  );
  const sample = samples[0];
  const searches = {
    'default page (50, newest first)': '',
    'page 20 (50 rows, offset 950)': '?page=20',
    'last 30 days, PAID, by amount desc': '?start=2026-10-29&end=2026-11-27&status=PAID&ordering=-total_amount',
    'status REFUNDED + PARTIALLY_REFUNDED': '?status=REFUNDED&status=PARTIALLY_REFUNDED',
    'like "garcia" (name, ~3% of payments)': '?like=garcia',
    'like "garcia", one month': '?like=garcia&start=2026-10-01&end=2026-10-31',
    [`like last4 "${sample.last4}"`]: `?like=${sample.last4}`,
    [`like external id "${sample.external_id}"`]: `?like=${encodeURIComponent(sample.external_id)}`,
    'like processor reference': `?like=${encodeURIComponent(sample.reference)}`,
    'like "zzqx" (no match)': '?like=zzqx',
  };
  const serverRssBefore = vmRssMb(server.pid);
  for (const [title, query] of Object.entries(searches)) {
    if (ONLY && !ONLY.test(title)) continue;
    const path = `${api}/report-transactions/${query}`;
    const first = await fetch(`${base}${path}`, { headers });
    if (!first.ok) throw new Error(`${title}: ${first.status} ${await first.text()}`);
    const { count } = await first.json();
    rows.push({
      ...(await measure(`GET report-transactions: ${title}`, { url: `${base}${path}`, headers }, server.pid)),
      count,
    });
  }

  // The export of every payment of the merchant, read as the browser would, with the server's memory sampled.
  if (!ONLY || ONLY.test('export')) {
    const samplesMb = [];
    const sampler = setInterval(() => samplesMb.push(vmRssMb(server.pid)), 200);
    const started = performance.now();
    const response = await fetch(`${base}${api}/export_transactions/`, { method: 'POST', headers, body: '{}' });
    if (!response.ok) throw new Error(`export: ${response.status} ${await response.text()}`);
    let bytes = 0;
    let lines = 0;
    let firstByteMs = null;
    for await (const chunk of response.body) {
      firstByteMs ??= performance.now() - started;
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const sorted = samplesMb.filter((value) => value !== null);
    notes.push(
      `export: ${lines - 1} rows (X-Row-Count ${response.headers.get('x-row-count')}), ${(bytes / 1048576).toFixed(1)} MB ` +
        `in ${seconds.toFixed(1)} s (first byte after ${Math.round(firstByteMs)} ms); server RSS before ${serverRssBefore} MB, ` +
        `during min ${Math.min(...sorted)} / max ${Math.max(...sorted)} MB (first 10 s max ${Math.max(...sorted.slice(0, 50))} MB, ` +
        `last 10 s max ${Math.max(...sorted.slice(-50))} MB), peak ${peakRssMb(server.pid)} MB` +
        (seconds < 60 ? '' : ' — FAIL: not under 60 s'),
    );
  }

  // Refunds: payments of $1.00 taken through the API on 20 Demo Motors accounts with saved Visas, then refunded whole.
  if (!ONLY || ONLY.test('refund')) {
    const { rows: targets } = await db.query(
      `select a.id as account_id, c.id as customer_id
         from accounts a
         join account_customers ac on ac.account_id = a.id and ac.role = 'primary'
         join customers c on c.id = ac.customer_id
        where a.merchant_id = $1 and a.status = 'active' and a.external_id not like 'B%'
          and exists (select 1 from merchant_accounts ma where ma.location_id = a.location_id and ma.kind = 'card')
        order by a.external_id limit $2`,
      [merchant.id, CONNECTIONS],
    );
    if (targets.length < CONNECTIONS) throw new Error(`only ${targets.length} accounts to pay on`);
    for (const target of targets) {
      // Bench only: the ledger gets the matching adjustment, so the amount due stays its sum.
      await db.query(
        `with entry as (insert into ledger_entries (merchant_id, account_id, kind, amount_cents, actor_name, reason)
                        select merchant_id, id, 'adjustment', $2 - amount_due_cents, 'Bench', 'bench' from accounts where id = $1)
         update accounts set amount_due_cents = $2, convenience_fee_cents = 0 where id = $1`,
        [target.account_id, OWED_CENTS],
      );
      const token = await (
        await fetch(`${base}/sandbox/gateway/tokens/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } }),
        })
      ).json();
      const method = await (
        await fetch(`${base}${api}/customers/${target.customer_id}/payment_methods/`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ token: token.token, nickname: 'Bench' }),
        })
      ).json();
      target.method = method.id;
    }
    const paid = [];
    let nextTarget = 0;
    const takeAll = (count) =>
      new Promise((resolve, reject) => {
        autocannon(
          {
            url: base,
            connections: CONNECTIONS,
            amount: count,
            requests: [
              {
                method: 'POST',
                setupRequest(request, context) {
                  context.target ??= targets[nextTarget++ % targets.length];
                  const { target } = context;
                  return {
                    ...request,
                    path: `${api}/accounts/${target.account_id}/payments/`,
                    headers: { ...headers, 'idempotency-key': randomUUID() },
                    body: JSON.stringify({
                      customer: target.customer_id,
                      sources: [{ payment_method: target.method, amount: 100 }],
                    }),
                  };
                },
                onResponse(status, body) {
                  if (status === 201 || status === 200) {
                    const payment = JSON.parse(body);
                    if (payment.status === 'PAID')
                      paid.push({ id: payment.id, method: payment.sources[0].payment_method });
                  }
                },
              },
            ],
          },
          (error) => (error ? reject(error) : resolve()),
        );
      });
    await takeAll(REFUNDS * 2);
    if (paid.length < REFUNDS * 2) throw new Error(`only ${paid.length} payments to refund`);
    const refundBody = (payment) =>
      JSON.stringify({ payment: payment.id, total: 100, sources: [{ payment_method: payment.method, amount: 100 }] });

    // One at a time.
    const times = [];
    for (const payment of paid.slice(0, REFUNDS)) {
      const started = performance.now();
      const response = await fetch(`${base}${api}/refund_payment/`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        body: refundBody(payment),
      });
      const body = await response.json();
      times.push(performance.now() - started);
      if (!response.ok || body.status !== 'REFUNDED')
        throw new Error(`refund: ${response.status} ${JSON.stringify(body)}`);
    }
    times.sort((a, b) => a - b);
    rows.push({
      title: `POST refund_payment ($1.00 whole), one at a time × ${REFUNDS}`,
      'req/s': Math.round(REFUNDS / (times.reduce((sum, t) => sum + t, 0) / 1000)),
      p50: round(percentile(times, 50)),
      p99: round(percentile(times, 99)),
    });

    // 20 at once, each on its own payment.
    const queue = paid.slice(REFUNDS);
    const cpuBefore = cpuMs(server.pid);
    const concurrentTimes = [];
    let refused = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        for (let payment = queue.shift(); payment; payment = queue.shift()) {
          const sent = performance.now();
          const response = await fetch(`${base}${api}/refund_payment/`, {
            method: 'POST',
            headers: { ...headers, 'idempotency-key': randomUUID() },
            body: refundBody(payment),
          });
          const body = await response.json();
          concurrentTimes.push(performance.now() - sent);
          if (!response.ok || body.status !== 'REFUNDED') refused += 1;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    concurrentTimes.sort((a, b) => a - b);
    rows.push({
      title: `POST refund_payment ($1.00 whole), ${CONNECTIONS} at once × ${REFUNDS}`,
      'req/s': Math.round(REFUNDS / elapsed),
      'app CPU µs/req': Math.round(((cpuMs(server.pid) - cpuBefore) * 1000) / REFUNDS),
      p50: round(percentile(concurrentTimes, 50)),
      p99: round(percentile(concurrentTimes, 99)),
      non2xx: refused,
    });
    const { rows: overRefunded } = await db.query(
      `select count(*)::int as n from payments p
        where p.merchant_id = $1 and p.total_cents < (select coalesce(sum(r.total_cents), 0) from payment_reversals r
          where r.payment_id = p.id and r.state = 'approved' and r.kind = 'refund')`,
      [merchant.id],
    );
    notes.push(`payments refunded over their total: ${overRefunded[0].n}${overRefunded[0].n ? ' — FAIL' : ''}`);
  }
  console.log(
    `\n${SECONDS} s per search scenario, ${CONNECTIONS} connections, load ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.table(rows);
  for (const note of notes) console.log(note);
  const missed = rows.filter((row) => row.title.startsWith('GET') && row.p99 >= 50).map((row) => row.title);
  if (missed.length) console.log(`search p99 not under 50 ms: ${missed.join('; ')}`);
} finally {
  await db.end().catch(() => {});
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}
