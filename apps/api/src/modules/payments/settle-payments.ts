// Paydesk's side of settlement (issue 18 item 1): asks the processor where each taken source stands (`getCharge`)
// and records it — settled (the payment is PAID once no source is pending), or returned (an ACH return: the payment
// is RETURNED, the ledger puts the amount back on the account with the R-code in the history). Then writes each
// merchant account's deposits and the card sources' interchange rows for the days touched (the merchant's days, in its
// time zone), recomputed from the tables so a second run changes nothing. A daily job runs it; the sandbox's "run
// settlement now" runs it too.

import { toCalendarDate } from '@paydesk/domain/dates/calendar';
import { achReturnMeaning, disablesMethod } from '@paydesk/domain/payments/ach-returns';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { merchants } from '../../db/schema/identity';
import { paymentMethods, paymentSources, payments } from '../../db/schema/payments';
import { withTransaction, type ProviderContext } from '../../lib/service-context';
import { recordCustomerEvent } from '../customers/customers.public';
import type { LedgerEntryInput } from '../ledger/ledger.public';
import { postPaymentEntries } from './post-payment-entries';

/** `days`: the merchants' calendar days whose deposits were written. */
export type SettlementResult = { settled: number; returned: number; days: string[] };

/** Interchange of a card sale in this sandbox's schedule: basis points by funding, plus a fixed 10 cents. */
const INTERCHANGE_BPS = { credit: 180, debit: 80, prepaid: 115, unknown: 200 } as const;

export async function settlePayments(ctx: ProviderContext): Promise<SettlementResult> {
  const open = await ctx.db
    .select({ source: paymentSources, merchantId: merchants.id, timeZone: merchants.timezone })
    .from(paymentSources)
    .innerJoin(payments, eq(payments.id, paymentSources.payment_id))
    .innerJoin(merchants, eq(merchants.id, payments.merchant_id))
    .where(and(inArray(paymentSources.state, ['approved', 'pending']), isNull(paymentSources.settled_at)));
  const result: SettlementResult = { settled: 0, returned: 0, days: [] };
  /** Each merchant's days touched, `{merchant id} {time zone} {YYYY-MM-DD}`. */
  const touched = new Set<string>();
  for (const { source, merchantId, timeZone } of open) {
    if (!source.gateway_reference) continue;
    const state = await ctx.providers.gateway.getCharge(source.gateway_reference);
    if (state.status === 'settled') {
      const settledAt = new Date(state.settled_at);
      if (await recordSettled(ctx, source.id, settledAt)) result.settled += 1;
      touched.add(`${merchantId} ${timeZone} ${toCalendarDate(settledAt, timeZone)}`);
    } else if (state.status === 'returned') {
      const returnedAt = new Date(state.returned_at);
      if (await recordReturned(ctx, source.id, state.return_code, state.return_reason, returnedAt)) {
        result.returned += 1;
      }
      touched.add(`${merchantId} ${timeZone} ${toCalendarDate(returnedAt, timeZone)}`);
    }
  }
  const days = new Set<string>();
  for (const entry of [...touched].sort()) {
    const [merchantId = '', timeZone = '', day = ''] = entry.split(' ');
    await writeDeposits(ctx, { merchantId, timeZone, day });
    days.add(day);
  }
  result.days = [...days].sort();
  return result;
}

async function recordSettled(ctx: ProviderContext, sourceId: string, settledAt: Date): Promise<boolean> {
  return withTransaction(ctx, async (tx) => {
    const [source] = await tx.db
      .update(paymentSources)
      .set({ state: 'settled', settled_at: settledAt, updated: tx.clock() })
      .where(and(eq(paymentSources.id, sourceId), inArray(paymentSources.state, ['approved', 'pending'])))
      .returning({ payment_id: paymentSources.payment_id });
    if (!source) return false;
    // A bank payment waits as PENDING for its debits; once none is pending it is PAID.
    await tx.db.execute(sql`
      update payments set status = 'PAID', updated = ${tx.clock()}
       where id = ${source.payment_id} and status = 'PENDING'
         and exists (select 1 from ledger_entries where payment_id = ${source.payment_id} and kind = 'charge')
         and not exists (select 1 from payment_sources where payment_id = ${source.payment_id} and state = 'pending')`);
    return true;
  });
}

async function recordReturned(
  ctx: ProviderContext,
  sourceId: string,
  code: string,
  reason: string,
  returnedAt: Date,
): Promise<boolean> {
  return withTransaction(ctx, async (tx) => {
    const [source] = await tx.db
      .update(paymentSources)
      .set({ state: 'returned', return_code: code, returned_at: returnedAt, updated: tx.clock() })
      .where(and(eq(paymentSources.id, sourceId), inArray(paymentSources.state, ['approved', 'pending'])))
      .returning();
    if (!source) return false;
    const [payment] = await tx.db.select().from(payments).where(eq(payments.id, source.payment_id)).for('update');
    if (!payment) return false;
    // Nacha's words for the code (the processor's when the code is not in the table); a closed, frozen or unauthorised
    // account's method is disabled in the same transaction (issue 19 item 5).
    const meaning = achReturnMeaning(code) === 'Unknown return code' ? reason : achReturnMeaning(code);
    if (disablesMethod(code)) {
      await tx.db
        .update(paymentMethods)
        .set({ flagged_at: tx.clock(), flag_reason: `Bank return ${code}: ${meaning}` })
        .where(and(eq(paymentMethods.id, source.payment_method_id), isNull(paymentMethods.flagged_at)));
    }
    await tx.db
      .update(payments)
      .set({ status: 'RETURNED', failure_message: `Bank return ${code}: ${meaning}`, updated: tx.clock() })
      .where(eq(payments.id, payment.id));
    const entries: LedgerEntryInput[] = [
      {
        accountId: payment.account_id,
        kind: 'return',
        amountCents: source.total_cents,
        paymentId: payment.id,
        reason: `${code}: ${meaning}`,
      },
    ];
    if (source.convenience_fee_cents > 0) {
      entries.push({
        accountId: payment.account_id,
        kind: 'fee',
        amountCents: -source.convenience_fee_cents,
        paymentId: payment.id,
        reason: 'Convenience fee of a returned debit',
      });
    }
    await postPaymentEntries(tx, payment.merchant_id, null, entries);
    if (payment.customer_id) {
      await recordCustomerEvent(tx, {
        merchantId: payment.merchant_id,
        customerId: payment.customer_id,
        accountId: payment.account_id,
        kind: 'payment.returned',
        actor: null,
        after: { payment_id: payment.id, amount_cents: source.amount_cents, return_code: code, reason: meaning },
      });
    }
    return true;
  });
}

/**
 * A merchant's day's deposit per merchant account (the source's kind at the payment's location: cards to the card
 * account, bank debits to the ACH one) and the day's card interchange rows, recomputed from what settled, was refunded
 * and came back that day: the merchant's calendar day, from midnight to midnight in its time zone.
 */
async function writeDeposits(
  ctx: ProviderContext,
  { merchantId, timeZone, day }: { merchantId: string; timeZone: string; day: string },
): Promise<void> {
  const from = sql`((${day}::date)::timestamp at time zone ${timeZone})`;
  const to = sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;
  await withTransaction(ctx, async (tx) => {
    await tx.db.execute(sql`
      with routed as (
        select ma.id as merchant_account_id, ma.merchant_id, ma.rate_bps, ma.per_transaction_cents, s.id as source_id,
               s.total_cents, s.settled_at, s.returned_at
          from payment_sources s
          join payments p on p.id = s.payment_id
          join payment_methods m on m.id = s.payment_method_id
          join merchant_accounts ma on ma.location_id = p.location_id
           and ma.kind = case when m.payment_type = 'bank' then 'ach' else 'card' end
         where p.merchant_id = ${merchantId}
      ), sales as (
        select merchant_account_id, count(*)::int as n, sum(total_cents)::int as gross
          from routed where settled_at >= ${from} and settled_at < ${to} group by 1
      ), returns as (
        select merchant_account_id, sum(total_cents)::int as cents
          from routed where returned_at >= ${from} and returned_at < ${to} group by 1
      ), refunds as (
        select r.merchant_account_id, sum(rs.amount_cents)::int as cents
          from payment_reversal_sources rs
          join payment_reversals pr on pr.id = rs.reversal_id
          join routed r on r.source_id = rs.payment_source_id
         where rs.state = 'approved' and pr.kind = 'refund' and pr.updated >= ${from} and pr.updated < ${to}
         group by 1
      ), accounts_of_day as (
        select distinct ma.id, ma.merchant_id, ma.rate_bps, ma.per_transaction_cents
          from merchant_accounts ma
         where ma.id in (select merchant_account_id from sales union select merchant_account_id from returns
                         union select merchant_account_id from refunds)
      )
      insert into deposits (merchant_id, merchant_account_id, deposit_date, transaction_count, gross_cents, fees_cents,
                            refunds_cents, returns_cents, net_cents)
      select a.merchant_id, a.id, ${day}::date, coalesce(s.n, 0), coalesce(s.gross, 0),
             round(coalesce(s.gross, 0) * a.rate_bps / 10000.0)::int + a.per_transaction_cents * coalesce(s.n, 0),
             coalesce(f.cents, 0), coalesce(r.cents, 0),
             coalesce(s.gross, 0)
               - (round(coalesce(s.gross, 0) * a.rate_bps / 10000.0)::int + a.per_transaction_cents * coalesce(s.n, 0))
               - coalesce(f.cents, 0) - coalesce(r.cents, 0)
        from accounts_of_day a
        left join sales s on s.merchant_account_id = a.id
        left join returns r on r.merchant_account_id = a.id
        left join refunds f on f.merchant_account_id = a.id
      on conflict (merchant_account_id, deposit_date) do update set
        transaction_count = excluded.transaction_count, gross_cents = excluded.gross_cents,
        fees_cents = excluded.fees_cents, refunds_cents = excluded.refunds_cents,
        returns_cents = excluded.returns_cents, net_cents = excluded.net_cents`);
    await tx.db.execute(sql`
      insert into interchange_records (merchant_id, payment_source_id, deposit_date, card_brand, card_funding,
                                       qualification, amount_cents, interchange_cents)
      select p.merchant_id, s.id, ${day}::date, m.card_brand, coalesce(m.card_funding, 'unknown'),
             case when m.card_funding = 'debit' then 'qualified'
                  when m.card_brand = 'amex' then 'non_qualified'
                  when p.origin = 'staff' then 'mid_qualified' else 'qualified' end,
             s.total_cents,
             round(s.total_cents * case coalesce(m.card_funding, 'unknown')
                     when 'credit' then ${INTERCHANGE_BPS.credit}::int when 'debit' then ${INTERCHANGE_BPS.debit}::int
                     when 'prepaid' then ${INTERCHANGE_BPS.prepaid}::int else ${INTERCHANGE_BPS.unknown}::int end / 10000.0)::int + 10
        from payment_sources s
        join payments p on p.id = s.payment_id
        join payment_methods m on m.id = s.payment_method_id
       where p.merchant_id = ${merchantId} and m.payment_type <> 'bank' and m.card_brand is not null
         and s.settled_at >= ${from} and s.settled_at < ${to}
      on conflict (payment_source_id) do nothing`);
  });
}
