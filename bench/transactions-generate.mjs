// Loads N payments (default 1,000,000) into a merchant of a running database, plus a smaller share on each other
// merchant with a location, fast: INSERT … SELECT over generate_series in batches of 100,000, in the app's schema.
//
//   node bench/transactions-generate.mjs [--count 1000000] [--accounts 20000] [--others 50000]
//     [--merchant "Demo Motors"] [--url postgres://…]
//
// Each merchant first gets its own bench customers with one account each (customers-generate.mjs) and one saved
// method per customer (a card, every 10th a bank account), so the demo accounts are left as they are. Payments
// spread evenly over the last 730 days and the merchant's locations, each with one source on its customer's method:
// ~80% PAID, 4% PARTIALLY_REFUNDED, 3% REFUNDED, 4% FAILED (declined), and on bank methods some VOIDED and RETURNED;
// 1 in 10 autopay, 1 in 20 scheduled, 1 in 50 from a pay link, 1 in 100 a misc payment (a payer name, no account);
// a card fee of $2.95 on every 4th card payment. No payment is left pending, so the settlement job has nothing of
// the bench's to look up at the processor.
//
// The ledger stays true: every payment, refund, void and return gets the entries the services post (charge and fee,
// refund and fee given back, void, return), and each bench account an `opening` entry so that its amount due (the
// one customers-generate gave it) is the sum of its entries. Without --url it reaches the embedded server of
// DATA_DIR (default apps/api/data), which must be running. Once per database: customers-generate numbers its phone
// numbers from the start each time, so a second load into the same merchant collides on them.
import pg from 'pg';
import { embeddedUrl, generateCustomers } from './customers-generate.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] !== undefined ? args[index + 1] : fallback;
};
const BATCH = 100_000;
const DAYS = 730;

/** Status by a payment's number and its method (h: a spread 0–99 from the number). */
const STATUS = `case
    when h < 4 then 'FAILED'
    when h < 8 then 'PARTIALLY_REFUNDED'
    when h < 11 then 'REFUNDED'
    when bank and h < 13 then 'VOIDED'
    when bank and h < 16 then 'RETURNED'
    else 'PAID' end`;
const ORIGIN = `case when g % 100 = 7 then 'misc' when g % 10 = 1 then 'autopay' when g % 20 = 2 then 'scheduled'
    when g % 50 = 3 then 'pay_link' else 'staff' end`;

async function generateForMerchant(client, { merchantId, merchantName, url, count, accounts, run, log }) {
  const started = Date.now();
  // The accounts customers-generate is about to add are the merchant's accounts without any ledger entry.
  await generateCustomers({ url, count: accounts, merchant: merchantName, log: () => {} });
  await client.query('drop table if exists bench_accounts');
  await client.query(
    `create temp table bench_accounts as
       select row_number() over (order by a.id) - 1 as n, a.id as account_id, ac.customer_id, a.location_id,
         c.first_name, c.last_name,
         (select ma.id from merchant_accounts ma where ma.location_id = a.location_id and ma.kind = 'card' limit 1) as card_ma,
         (select ma.id from merchant_accounts ma where ma.location_id = a.location_id and ma.kind = 'ach' limit 1) as ach_ma
       from accounts a
       join account_customers ac on ac.account_id = a.id and ac.role = 'primary'
       join customers c on c.id = ac.customer_id
       where a.merchant_id = $1 and not exists (select 1 from ledger_entries le where le.account_id = a.id)`,
    [merchantId],
  );
  const { rows } = await client.query('select count(*)::int as n from bench_accounts');
  const accountCount = rows[0].n;
  if (accountCount === 0) throw new Error(`${merchantName}: no bench accounts`);
  // One saved method per bench customer: a card, or every 10th a bank account (with its debit authorisation).
  await client.query(
    `alter table bench_accounts add column method_id uuid, add column bank boolean;
     update bench_accounts set bank = n % 10 = 9`,
  );
  await client.query(
    `with inserted as (
       insert into payment_methods (merchant_id, customer_id, gateway, gateway_reference, payment_type, card_type,
         card_brand, card_funding, bin, last4, exp_month, exp_year, masked_card_number, masked_account_number,
         routing_number, account_holder, nickname, authorization_text, authorization_method, authorized_at)
       select $1, b.customer_id, 'sandbox', 'bench_pm_' || $2 || '_' || b.n,
         case when b.bank then 'bank' when b.n % 7 = 3 then 'DEBIT' else 'CREDIT' end,
         case when b.bank then null else 'Visa' end, case when b.bank then null else 'visa' end,
         case when b.bank then null when b.n % 7 = 3 then 'debit' else 'credit' end,
         case when b.bank then null else '424242' end, l4, case when b.bank then null else 12 end,
         case when b.bank then null else 2030 end,
         case when b.bank then null else 'XXXXXXXXXXXX' || l4 end, case when b.bank then 'XXXXX' || l4 end,
         case when b.bank then '110000000' end, case when b.bank then b.first_name || ' ' || b.last_name end,
         case when b.n % 3 = 0 then 'Bench' end,
         case when b.bank then 'I authorise Demo Motors to debit my account.' end,
         case when b.bank then 'phone' end, case when b.bank then now() - interval '800 days' end
       from bench_accounts b, lpad(((b.n * 7919 + 1234) % 10000)::text, 4, '0') as l4
       returning id, customer_id)
     update bench_accounts b set method_id = i.id from inserted i where i.customer_id = b.customer_id`,
    [merchantId, run],
  );
  await client.query(
    'create index on bench_accounts (n); create index on bench_accounts (customer_id); analyze bench_accounts',
  );

  for (let from = 0; from < count; from += BATCH) {
    const to = Math.min(count, from + BATCH) - 1;
    await client.query('begin');
    // Payments (g numbers them; h, a hash of g, spreads them 0–99 independently of g's small moduli).
    await client.query(
      `insert into payments (merchant_id, account_id, customer_id, location_id, merchant_account_id, origin, status,
         amount_cents, convenience_fee_cents, total_cents, payer_name, description, idempotency_key, failure_message,
         automatic_retry_stopped, created, updated)
       select $1, case when o = 'misc' then null else b.account_id end, b.customer_id, b.location_id,
         case when b.bank then b.ach_ma else b.card_ma end, o, s, amount, fee, amount + fee,
         case when o = 'misc' then b.first_name || ' ' || b.last_name end,
         case when o = 'misc' then 'Down payment' end, 'bench:' || $2 || ':' || g,
         case s when 'FAILED' then 'Card declined: insufficient funds'
           when 'RETURNED' then 'Bank return R01: Insufficient funds' end,
         -- A history's declines were retried long ago: without this the server's automatic-retry job charges
         -- thousands of past-due retries while the bench measures (it did on 2026-11-28).
         case s when 'FAILED' then 'Bench history: retries ended' end,
         created, created
       from generate_series($3::int, $4::int) as g
       cross join lateral (select (hashint4(g) & 2147483647) % 100 as h) as spread
       join bench_accounts b on b.n = g % $5
       cross join lateral (select ${ORIGIN} as o, ${STATUS.replaceAll('bank', 'b.bank')} as s,
         100 + (hashint4(-g) & 2147483647) % 49900 as amount,
         case when not b.bank and b.n % 7 <> 3 and g % 4 = 0 then 295 else 0 end as fee,
         now() - make_interval(secs => ${DAYS * 86400}::float8 * ($6 - g) / $6 + 3600) as created) as p`,
      [merchantId, run, from, to, accountCount, count],
    );
    // Sources, reversals and ledger entries of this batch's payments.
    await client.query(
      `create temp table batch on commit drop as
         select p.id, p.account_id, p.status, p.total_cents, p.convenience_fee_cents, p.created, b.method_id, b.bank, g
         from generate_series($3::int, $4::int) as g
         join payments p on p.merchant_id = $1 and p.idempotency_key = 'bench:' || $2 || ':' || g
         join bench_accounts b on b.n = g % $5`,
      [merchantId, run, from, to, accountCount],
    );
    await client.query(
      `insert into payment_sources (payment_id, payment_method_id, position, amount_cents, convenience_fee_cents,
         total_cents, state, gateway_reference, decline_code, decline_message, return_code, returned_at, settled_at,
         created, updated)
       select id, method_id, 0, total_cents - convenience_fee_cents, convenience_fee_cents, total_cents,
         case status when 'FAILED' then 'declined' when 'VOIDED' then 'voided' when 'RETURNED' then 'returned'
           else case when bank then 'settled' else 'approved' end end,
         case when status <> 'FAILED' then case when bank then 'sb_ach_' else 'sb_ch_' end || $1 || '_' || g end,
         case when status = 'FAILED' then 'insufficient_funds' end,
         case when status = 'FAILED' then 'Insufficient funds' end,
         case when status = 'RETURNED' then 'R01' end,
         case when status = 'RETURNED' then created + interval '3 days' end,
         case when bank and status not in ('FAILED', 'VOIDED') then created + interval '2 days' end,
         created, created
       from batch`,
      [run],
    );
    await client.query(
      `with reversed as (
         insert into payment_reversals (merchant_id, payment_id, kind, state, total_cents, idempotency_key, reason,
           created, updated)
         select $1, id, case when status = 'VOIDED' then 'void' else 'refund' end, 'approved',
           case when status = 'PARTIALLY_REFUNDED' then greatest(1, (total_cents - convenience_fee_cents) / 2)
             else total_cents end,
           'bench-reversal:' || $2 || ':' || g, 'Bench', created + interval '1 day', created + interval '1 day'
         from batch where status in ('PARTIALLY_REFUNDED', 'REFUNDED', 'VOIDED')
         returning id, payment_id, total_cents)
       insert into payment_reversal_sources (reversal_id, payment_source_id, amount_cents, convenience_fee_cents, state,
         gateway_reference)
       select r.id, s.id, r.total_cents,
         case when r.total_cents = s.total_cents then s.convenience_fee_cents else 0 end, 'approved', 'sb_re_' || r.id
       from reversed r join payment_sources s on s.payment_id = r.payment_id`,
      [merchantId, run],
    );
    // The entries the services post: a taken payment's charge (its total) and fee; a refund or void gives back its
    // amount and the fee part leaves the amount due; a return gives back the total and the fee part likewise.
    await client.query(
      `insert into ledger_entries (merchant_id, account_id, kind, amount_cents, payment_id, reversal_id, actor_name,
         reason, created)
       select $1, b.account_id, e.kind, e.amount, b.id, e.reversal_id, 'Bench', '', e.created
       from batch b
       left join payment_reversals r on r.payment_id = b.id
       left join payment_reversal_sources rs on rs.reversal_id = r.id
       cross join lateral (values
           ('charge', -b.total_cents, null::uuid, b.created),
           ('fee', b.convenience_fee_cents, null::uuid, b.created),
           (r.kind, rs.amount_cents, r.id, r.created),
           ('fee', -rs.convenience_fee_cents, r.id, r.created),
           ('return', case when b.status = 'RETURNED' then b.total_cents end, null::uuid, b.created + interval '3 days'),
           ('fee', case when b.status = 'RETURNED' then -b.convenience_fee_cents end, null::uuid,
             b.created + interval '3 days')
         ) as e(kind, amount, reversal_id, created)
       where b.status <> 'FAILED' and e.kind is not null and coalesce(e.amount, 0) <> 0`,
      [merchantId],
    );
    await client.query('commit');
    log(`  ${merchantName}: ${to + 1} payments (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  // Each bench account opens at what it owes now less what its payments moved, so its amount due stays the sum.
  await client.query(
    `insert into ledger_entries (merchant_id, account_id, kind, amount_cents, actor_name, reason, created)
     select $1, a.id, 'opening', a.amount_due_cents - coalesce(sum(le.amount_cents), 0), 'Bench', 'Opening balance',
       now() - interval '${DAYS + 1} days'
     from bench_accounts b join accounts a on a.id = b.account_id
     left join ledger_entries le on le.account_id = a.id
     group by a.id`,
    [merchantId],
  );
  return accountCount;
}

export async function generateTransactions({
  url,
  count = 1_000_000,
  accounts = 20_000,
  others = 50_000,
  merchant = 'Demo Motors',
  log = console.log,
}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    await client.query('set synchronous_commit = off');
    const { rows: merchants } = await client.query(
      `select m.id, m.name from merchants m
        where exists (select 1 from merchant_locations l where l.merchant_id = m.id) order by m.name = $1 desc, m.name`,
      [merchant],
    );
    if (merchants[0]?.name !== merchant) throw new Error(`no merchant named ${merchant} with a location`);
    const run = Date.now().toString(36);
    let total = 0;
    for (const [index, { id, name }] of merchants.entries()) {
      const target = index === 0;
      const payments = target ? count : others;
      if (payments === 0) continue;
      const accountCount = target ? accounts : Math.max(100, Math.round(accounts / 10));
      await generateForMerchant(client, {
        merchantId: id,
        merchantName: name,
        url,
        count: payments,
        accounts: accountCount,
        run,
        log,
      });
      total += payments;
    }
    for (const table of [
      'payments',
      'payment_sources',
      'payment_reversals',
      'payment_reversal_sources',
      'ledger_entries',
      'payment_methods',
    ]) {
      await client.query(`vacuum analyze ${table}`);
    }
    const { rows: mismatched } = await client.query(
      `select count(*)::int as n from accounts a
        where a.amount_due_cents <> coalesce((select sum(amount_cents) from ledger_entries le where le.account_id = a.id), 0)`,
    );
    log(
      `loaded ${total} payments (${count} on ${merchant}) in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `accounts whose amount due is not their ledger sum: ${mismatched[0].n}`,
    );
    if (mismatched[0].n > 0) throw new Error('FAIL: the ledger does not add up to the amounts due');
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = option('url', process.env.DATABASE_URL ?? embeddedUrl(process.env.DATA_DIR ?? 'apps/api/data'));
  await generateTransactions({
    url,
    count: Number(option('count', 1_000_000)),
    accounts: Number(option('accounts', 20_000)),
    others: Number(option('others', 50_000)),
    merchant: option('merchant', 'Demo Motors'),
  });
}
