// `node bench/payments.mjs` (after `npm run build -w apps/api`): taking card payments through the API on the sandbox
// processor, 20 at a time on 20 distinct accounts (issue 18 target: p99 under 100 ms), beside a bare Fastify
// hello-world measured in the same run. Each request is a $1.00 payment with its own Idempotency-Key on its
// connection's account, which owes enough never to run out.
// BENCH_SECONDS (10), BENCH_CONNECTIONS (20), BENCH_PORT (3920).
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMs, prepareEngine, serverFile, signIn, startProcess, stopProcess, waitFor } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3920);
const HELLO_PORT = PORT + 1;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const OWED_CENTS = 100_000_000;

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

const base = `http://127.0.0.1:${PORT}`;
const { env, url, cleanup } = await prepareEngine('postgres');
const server = startProcess([serverFile], { ...env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
const db = new pg.Client({ connectionString: url });
try {
  await waitFor(`${base}/api/health`);
  await db.connect();
  const headers = { authorization: `Bearer ${await signIn(base)}`, 'content-type': 'application/json' };
  // Demo Motors accounts at a location with a card merchant account, each owing plenty (bench only: the ledger
  // gets the matching adjustment, so the amount due stays its sum).
  const { rows: targets } = await db.query(
    `select a.id as account_id, c.id as customer_id, a.merchant_id
       from accounts a
       join account_customers ac on ac.account_id = a.id and ac.role = 'primary'
       join customers c on c.id = ac.customer_id
       join merchants m on m.id = a.merchant_id and m.name = 'Demo Motors'
      where a.status = 'active'
        and exists (select 1 from merchant_accounts ma where ma.location_id = a.location_id and ma.kind = 'card')
      order by a.external_id limit $1`,
    [CONNECTIONS],
  );
  if (targets.length < CONNECTIONS) throw new Error(`only ${targets.length} accounts to pay on`);
  for (const target of targets) {
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
      await fetch(`${base}/api/merchants/${target.merchant_id}/customers/${target.customer_id}/payment_methods/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ token: token.token, nickname: 'Bench' }),
      })
    ).json();
    target.method = method.id;
  }

  let nextTarget = 0;
  const take = await measure(
    `POST …/accounts/{aid}/payments/ ($1.00 card, ${CONNECTIONS} accounts)`,
    {
      url: base,
      requests: [
        {
          method: 'POST',
          setupRequest(request, context) {
            context.target ??= targets[nextTarget++ % targets.length];
            const { target } = context;
            return {
              ...request,
              path: `/api/merchants/${target.merchant_id}/accounts/${target.account_id}/payments/`,
              headers: { ...headers, 'idempotency-key': randomUUID() },
              body: JSON.stringify({
                customer: target.customer_id,
                sources: [{ payment_method: target.method, amount: 100 }],
              }),
            };
          },
        },
      ],
    },
    server.pid,
  );
  const { rows: statuses } = await db.query(
    `select status, count(*)::int from payments where idempotency_key not like 'demo-seed:%' group by 1`,
  );
  console.log(
    `\n${SECONDS} s, ${CONNECTIONS} connections, load ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.table([helloResult, take]);
  console.log('payments by status:', Object.fromEntries(statuses.map((row) => [row.status, row.count])));
} finally {
  await db.end().catch(() => {});
  await stopProcess(server);
  await cleanup();
}
