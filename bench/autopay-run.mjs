// `npm run bench:autopay -w bench`: issue 19's target — a day's autopay and scheduled-payments run for 10,000
// accounts completes in under 60 s on the sandbox processor, with no account charged twice when two processes run
// the job at once.
//
// A fresh PostgreSQL database on the machine's server, migrated and seeded by the built server (then stopped, so its
// own job schedule stays out of the run). 10,000 bench customers with one account each on Demo Motors
// (customers-generate.mjs), all active, at the location with a card merchant account, each with a saved sandbox Visa
// that approves, an `opening` ledger entry equal to its amount due, and due on the run's day: the latest date whose
// run hour (9:00 in the merchant's time zone) has passed, which is today from 9:00 on. Four in five have autopay on
// that day; the fifth has a scheduled payment on it instead (up to $50.00) and autopay off. Two worker processes
// (autopay-worker.ts, through tsx) start, and once both are ready each runs the day's autopays and scheduled
// payments at once, as the job handlers do. Wall time is from "go" to both done. Then the database is asked how many
// payments each account has from the run, and how many charges the sandbox took per method: any above one prints
// FAIL. A bare Fastify hello-world is measured first, in the same run. BENCH_AUTOPAY_ACCOUNTS (10000), BENCH_PORT
// (3970), BENCH_KEEP=1 keeps the database, BENCH_WORKER_FLAGS adds Node flags to the workers (e.g.
// `--cpu-prof --cpu-prof-dir=/tmp/prof` for a profile of each).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { loadavg } from 'node:os';
import pg from 'pg';
import { generateCustomers } from './customers-generate.mjs';
import { measureHelloWorld, prepareEngine, serverFile, startProcess, stopProcess, waitFor } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3970);
const ACCOUNTS = Number(process.env.BENCH_AUTOPAY_ACCOUNTS ?? 10_000);
const RUN_HOUR = 9; // AUTOPAY_RUN_HOUR in packages/domain/src/autopay/autopay.contract.ts
const workerFile = new URL('./autopay-worker.ts', import.meta.url).pathname;

const hello = await measureHelloWorld({ port: PORT + 1 });
const engine = await prepareEngine('postgres');
const db = new pg.Client({ connectionString: engine.url });
const workers = [];
try {
  // Migrations and the demo data, by the server itself; then it stops.
  const server = startProcess([serverFile], {
    ...engine.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/api/health`);
  } finally {
    await stopProcess(server);
  }
  await db.connect();
  const loadStarted = performance.now();
  await generateCustomers({ url: engine.url, count: ACCOUNTS, log: () => {} });
  const {
    rows: [merchant],
  } = await db.query(
    `select m.id, m.timezone, l.id as location_id, u.id as admin_id,
       ((now() - make_interval(hours => $1)) at time zone m.timezone)::date::text as day
       from merchants m
       join merchant_locations l on l.merchant_id = m.id
         and exists (select 1 from merchant_accounts ma where ma.location_id = l.id and ma.kind = 'card')
       cross join (select id from users where email = 'admin@demo.test') u
      where m.name = 'Demo Motors' limit 1`,
    [RUN_HOUR],
  );
  await db.query('begin');
  await db.query(
    `create temp table bench_accounts as
       select row_number() over (order by a.id) - 1 as n, a.id as account_id, ac.customer_id
       from accounts a join account_customers ac on ac.account_id = a.id and ac.role = 'primary'
       where a.merchant_id = $1 and not exists (select 1 from ledger_entries le where le.account_id = a.id)`,
    [merchant.id],
  );
  // Active, at the card location, owing at least $1.00, due on the day (autopay on four in five); the customers'
  // list columns follow, and the opening entry makes the amount due its ledger sum.
  await db.query(
    `update accounts a set status = 'active', location_id = $1, due_date = $2::date, autopay = b.n % 5 <> 0,
       amount_due_cents = greatest(a.amount_due_cents, 100), convenience_fee_cents = 0
     from bench_accounts b where b.account_id = a.id`,
    [merchant.location_id, merchant.day],
  );
  await db.query(
    `update customers c set location_id = $1, primary_due_date = a.due_date, primary_amount_due_cents = a.amount_due_cents,
       account_statuses = array['active'], list_accounts = jsonb_build_array(jsonb_build_object('id', a.id,
         'external_id', a.external_id, 'role', 'primary', 'status', a.status, 'amount_due_cents', a.amount_due_cents,
         'due_date', a.due_date, 'autopay', a.autopay))
     from bench_accounts b join accounts a on a.id = b.account_id where c.id = b.customer_id`,
    [merchant.location_id],
  );
  await db.query(
    `insert into ledger_entries (merchant_id, account_id, kind, amount_cents, actor_name, reason)
     select $1, a.id, 'opening', a.amount_due_cents, 'Bench', 'Opening balance'
     from bench_accounts b join accounts a on a.id = b.account_id`,
    [merchant.id],
  );
  // A Visa that approves, as the sandbox keeps it after a save (its method row), and Paydesk's saved method on it.
  await db.query(
    `insert into sandbox_gateway_methods (reference, kind, brand, funding, bin, last4, exp_month, exp_year, behaviour)
     select 'spm_bench_' || n, 'card', 'visa', 'credit', '424242', '4242', 12, 2030, 'approve' from bench_accounts`,
  );
  await db.query('alter table bench_accounts add column method_id uuid');
  await db.query(
    `with saved as (
       insert into payment_methods (merchant_id, customer_id, gateway, gateway_reference, payment_type, card_type,
         card_brand, card_funding, bin, last4, exp_month, exp_year, masked_card_number, nickname, created_by)
       select $1, customer_id, 'sandbox', 'spm_bench_' || n, 'CREDIT', 'Visa', 'visa', 'credit', '424242', '4242', 12,
         2030, 'XXXXXXXXXXXX4242', 'Bench', $2
       from bench_accounts returning id, customer_id)
     update bench_accounts b set method_id = s.id from saved s where s.customer_id = b.customer_id`,
    [merchant.id, merchant.admin_id],
  );
  await db.query(
    `insert into autopay_enrollments (merchant_id, account_id, customer_id, payment_method_id, enrolled_by, created,
       updated)
     select $1, account_id, customer_id, method_id, $2, now() - interval '30 days', now() - interval '30 days'
     from bench_accounts where n % 5 <> 0`,
    [merchant.id, merchant.admin_id],
  );
  await db.query(
    `insert into scheduled_payments (merchant_id, account_id, customer_id, payment_method_id, amount_cents,
       scheduled_date, run_at, created_by)
     select $1, b.account_id, b.customer_id, b.method_id, least(a.amount_due_cents, 5000), $3::date,
       ($3::date + make_interval(hours => $4)) at time zone $5, $2
     from bench_accounts b join accounts a on a.id = b.account_id where b.n % 5 = 0`,
    [merchant.id, merchant.admin_id, merchant.day, RUN_HOUR, merchant.timezone],
  );
  await db.query('commit');
  for (const table of ['accounts', 'autopay_enrollments', 'scheduled_payments'])
    await db.query(`vacuum analyze ${table}`);
  const {
    rows: [due],
  } = await db.query(
    `select (select count(*)::int from autopay_enrollments e join accounts a on a.id = e.account_id
              where e.active and a.autopay and a.due_date = $1::date) as autopays,
            (select count(*)::int from scheduled_payments where scheduled_date = $1::date and state = 'scheduled')
              as scheduled`,
    [merchant.day],
  );
  console.log(
    `loaded ${ACCOUNTS} accounts in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s: ${due.autopays} ` +
      `autopays and ${due.scheduled} scheduled payments due on ${merchant.day} (${merchant.timezone})`,
  );

  // Two processes, each running the day's job once both are ready.
  const workerEnv = { ...process.env, ...engine.env, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn' };
  for (let index = 0; index < 2; index += 1) {
    const flags = (process.env.BENCH_WORKER_FLAGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...flags, '--import', 'tsx', workerFile], {
      env: workerEnv,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    // The worker's own lines are JSON with `ready` or `ms`; the app's log lines (also on stdout) pass through.
    const messages = createInterface({ input: child.stdout });
    const waiting = [];
    messages.on('line', (line) => {
      const message = line.startsWith('{') ? JSON.parse(line) : null;
      if (message && ('ready' in message || 'ms' in message)) waiting.shift()?.resolve(message);
      else process.stderr.write(`worker ${index + 1}: ${line}\n`);
    });
    child.once('exit', (code) => {
      for (const { reject } of waiting.splice(0)) reject(new Error(`worker ${index + 1} exited with ${code}`));
    });
    const next = () => new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    workers.push({ child, next, ready: next() });
  }
  for (const worker of workers) await worker.ready;
  const started = performance.now();
  const done = workers.map((worker) => worker.next());
  for (const worker of workers) worker.child.stdin.write('go\n');
  const results = await Promise.all(done);
  const wallSeconds = (performance.now() - started) / 1000;

  const {
    rows: [check],
  } = await db.query(
    `with run as (
       select p.account_id, p.status from payments p join bench_accounts b on b.account_id = p.account_id
        where p.origin in ('autopay', 'scheduled') and p.created > now() - interval '1 hour')
     select (select count(*)::int from run) as payments,
            (select count(*)::int from run where status = 'PAID') as paid,
            (select count(distinct account_id)::int from run) as accounts_charged,
            (select count(*)::int from (select account_id from run group by 1 having count(*) > 1) twice) as charged_twice,
            (select count(*)::int from (select method_reference from sandbox_gateway_operations
               where kind = 'charge' and method_reference like 'spm_bench_%' group by 1 having count(*) > 1) twice)
              as sandbox_charged_twice,
            (select count(*)::int from autopay_enrollments where last_due_date = $1::date) as autopays_recorded,
            (select count(*)::int from scheduled_payments where scheduled_date = $1::date and state <> 'scheduled')
              as scheduled_recorded,
            (select count(*)::int from accounts a where a.amount_due_cents <>
               coalesce((select sum(amount_cents) from ledger_entries le where le.account_id = a.id), 0)) as ledger_off`,
    [merchant.day],
  );
  console.log(
    `\n${ACCOUNTS} accounts, two processes, load ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.table([
    { run: 'bare Fastify hello-world (same run, 20 connections)', ...hello },
    ...results.map((result, index) => ({ run: `process ${index + 1}`, ...result })),
  ]);
  console.table([
    {
      'wall s': Number(wallSeconds.toFixed(1)),
      payments: check.payments,
      paid: check.paid,
      'accounts charged': check.accounts_charged,
      'charged twice': check.charged_twice,
      'sandbox charges twice': check.sandbox_charged_twice,
      'autopays recorded': check.autopays_recorded,
      'scheduled recorded': check.scheduled_recorded,
      'ledger ≠ amount due': check.ledger_off,
    },
  ]);
  const failures = [
    wallSeconds >= 60 && `the run took ${wallSeconds.toFixed(1)} s (target under 60 s)`,
    check.charged_twice > 0 && `${check.charged_twice} accounts have more than one payment from the run`,
    check.sandbox_charged_twice > 0 && `${check.sandbox_charged_twice} methods were charged more than once`,
    check.accounts_charged !== ACCOUNTS && `${check.accounts_charged} of ${ACCOUNTS} accounts were charged`,
    check.ledger_off > 0 && `${check.ledger_off} accounts' amounts due are not their ledger sums`,
  ].filter(Boolean);
  for (const failure of failures) console.log(`FAIL: ${failure}`);
  if (failures.length === 0) console.log('PASS: every account charged once, under 60 s');
  process.exitCode = failures.length ? 1 : 0;
} finally {
  for (const { child } of workers) if (child.exitCode === null) child.kill('SIGTERM');
  await db.end().catch(() => {});
  if (process.env.BENCH_KEEP !== '1') await engine.cleanup();
  else console.log(`kept ${engine.url}`);
}
