// A scheduled payment as the API answers it (`scheduledPaymentSchema`).

import { formatPaymentMethodLabel } from '@paydesk/domain/format/payment-method';
import type { ScheduledPayment } from '@paydesk/domain/scheduled-payments/scheduled-payments.contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/identity';
import { paymentMethods } from '../../db/schema/payments';
import { scheduledPayments } from '../../db/schema/scheduled-payments';
import { notFound } from '../../lib/http-errors';
import { pageBounds, type PageRequest } from '../../lib/pagination';

const creators = alias(users, 'creators');
const cancellers = alias(users, 'cancellers');
const nameOf = (person: { first_name: string; last_name: string } | null) =>
  person ? `${person.first_name} ${person.last_name}`.trim() : '';

function selectScheduled(db: Db) {
  return db
    .select({
      row: scheduledPayments,
      method: {
        nickname: paymentMethods.nickname,
        masked_card_number: paymentMethods.masked_card_number,
        masked_account_number: paymentMethods.masked_account_number,
      },
      creator: { first_name: creators.first_name, last_name: creators.last_name },
      canceller: { first_name: cancellers.first_name, last_name: cancellers.last_name },
    })
    .from(scheduledPayments)
    .innerJoin(paymentMethods, eq(paymentMethods.id, scheduledPayments.payment_method_id))
    .leftJoin(creators, eq(creators.id, scheduledPayments.created_by))
    .leftJoin(cancellers, eq(cancellers.id, scheduledPayments.cancelled_by));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectScheduled>['execute']>>[number];

function toDto({ row, method, creator, canceller }: Selected): ScheduledPayment {
  return {
    id: row.id,
    account: row.account_id,
    customer: row.customer_id,
    payment_method: row.payment_method_id,
    payment_method_label: formatPaymentMethodLabel(method),
    amount: row.amount_cents,
    date: row.scheduled_date,
    run_at: row.run_at.toISOString(),
    state: row.state,
    payment: row.payment_id,
    failure_message: row.failure_message,
    created: row.created.toISOString(),
    created_by_name: nameOf(creator) || 'System',
    cancelled_at: row.cancelled_at?.toISOString() ?? null,
    cancelled_by_name: row.cancelled_at ? nameOf(canceller) || 'System' : null,
  };
}

/** The scheduled payment, or 404 when it is not the merchant's. */
export async function readScheduledPayment(db: Db, merchantId: string, id: string): Promise<ScheduledPayment> {
  const [found] = await selectScheduled(db).where(
    and(eq(scheduledPayments.id, id), eq(scheduledPayments.merchant_id, merchantId)),
  );
  if (!found) throw notFound();
  return toDto(found);
}

/** The account's: those still to run first (soonest first), then the rest (latest date first). */
export async function listScheduledPayments(
  db: Db,
  accountId: string,
  page: PageRequest,
): Promise<{ count: number; results: ScheduledPayment[] }> {
  const { limit, offset } = pageBounds(page);
  const waiting = sql`${scheduledPayments.state} in ('scheduled', 'processing')`;
  const rows = await selectScheduled(db)
    .where(eq(scheduledPayments.account_id, accountId))
    .orderBy(
      desc(waiting),
      sql`case when ${waiting} then ${scheduledPayments.scheduled_date} end asc`,
      desc(scheduledPayments.scheduled_date),
      asc(scheduledPayments.id),
    )
    .limit(limit)
    .offset(offset);
  const count = await db.$count(scheduledPayments, eq(scheduledPayments.account_id, accountId));
  return { count, results: rows.map(toDto) };
}
