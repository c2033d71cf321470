// A promise to pay as the API answers it (`promiseSchema`), and the lists of an account and of a merchant.

import { formatPaymentMethodLabel } from '@paydesk/domain/format/payment-method';
import type { PaymentPromise, PromiseOutcome, PromiseStatus } from '@paydesk/domain/promises/promises.contract';
import { and, asc, desc, eq, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, customers } from '../../db/schema/customers';
import { users } from '../../db/schema/identity';
import { paymentMethods } from '../../db/schema/payments';
import { paymentPromises } from '../../db/schema/promises';
import { notFound } from '../../lib/http-errors';
import { pageBounds, type PageRequest } from '../../lib/pagination';

const nameOf = (person: { first_name: string | null; last_name: string | null } | null) =>
  person ? `${person.first_name ?? ''} ${person.last_name ?? ''}`.trim() : '';

function selectPromises(db: Db) {
  return db
    .select({
      row: paymentPromises,
      external_id: accounts.external_id,
      customer: { first_name: customers.first_name, last_name: customers.last_name },
      method: {
        id: paymentMethods.id,
        nickname: paymentMethods.nickname,
        masked_card_number: paymentMethods.masked_card_number,
        masked_account_number: paymentMethods.masked_account_number,
      },
      creator: { first_name: users.first_name, last_name: users.last_name },
    })
    .from(paymentPromises)
    .innerJoin(accounts, eq(accounts.id, paymentPromises.account_id))
    .innerJoin(customers, eq(customers.id, paymentPromises.customer_id))
    .leftJoin(paymentMethods, eq(paymentMethods.id, paymentPromises.payment_method_id))
    .leftJoin(users, eq(users.id, paymentPromises.created_by));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectPromises>['execute']>>[number];

function toDto({ row, external_id, customer, method, creator }: Selected): PaymentPromise {
  return {
    id: row.id,
    account: row.account_id,
    account_external_id: external_id,
    customer: row.customer_id,
    customer_name: nameOf(customer),
    amount: row.amount_cents,
    scheduled_date: row.scheduled_date.toISOString(),
    payment_method: row.payment_method_id,
    payment_method_label: method?.id ? formatPaymentMethodLabel(method) : null,
    note: row.note,
    status: row.status,
    confirmed_at: row.confirmed_at?.toISOString() ?? null,
    outcome: row.outcome,
    paid_amount: row.paid_cents,
    resolved_at: row.resolved_at?.toISOString() ?? null,
    created: row.created.toISOString(),
    created_by_name: nameOf(creator) || 'System',
  };
}

export async function readPromise(db: Db, merchantId: string, id: string): Promise<PaymentPromise> {
  const [found] = await selectPromises(db).where(
    and(eq(paymentPromises.id, id), eq(paymentPromises.merchant_id, merchantId)),
  );
  if (!found) throw notFound();
  return toDto(found);
}

/** The account's promises whose time is still ahead of `now` (SPEC §5), soonest first. */
export async function listUpcomingPromises(
  db: Db,
  accountId: string,
  now: Date,
  page: PageRequest,
): Promise<{ count: number; results: PaymentPromise[] }> {
  const { limit, offset } = pageBounds(page);
  const where = and(eq(paymentPromises.account_id, accountId), gt(paymentPromises.scheduled_date, now));
  const rows = await selectPromises(db)
    .where(where)
    .orderBy(asc(paymentPromises.scheduled_date), asc(paymentPromises.id))
    .limit(limit)
    .offset(offset);
  const count = await db.$count(paymentPromises, where);
  return { count, results: rows.map(toDto) };
}

/** The merchant's promises for follow-up: open ones soonest first, settled ones latest first. */
export async function listMerchantPromises(
  db: Db,
  merchantId: string,
  filters: PageRequest & { outcome?: PromiseOutcome | undefined; status?: PromiseStatus | undefined },
): Promise<{ count: number; results: PaymentPromise[] }> {
  const { limit, offset } = pageBounds(filters);
  const conditions: SQL[] = [eq(paymentPromises.merchant_id, merchantId)];
  if (filters.outcome) conditions.push(eq(paymentPromises.outcome, filters.outcome));
  if (filters.status) conditions.push(eq(paymentPromises.status, filters.status));
  const where = and(...conditions);
  const order =
    filters.outcome === 'open'
      ? [asc(paymentPromises.scheduled_date), asc(paymentPromises.id)]
      : [desc(paymentPromises.scheduled_date), asc(paymentPromises.id)];
  const rows = await selectPromises(db)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const count = await db.$count(paymentPromises, where);
  return { count, results: rows.map(toDto) };
}
