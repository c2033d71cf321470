// Scheduling a payment on an account (issue 19 item 1). The rules a staff payment checks at once are checked now
// against the account as it is; the run checks the account again on the day (run-scheduled-payments.ts).

import { addCalendarDays, toCalendarDate } from '@paydesk/domain/dates/calendar';
import {
  SCHEDULED_PAYMENT_MAX_DAYS_AHEAD,
  SCHEDULED_PAYMENT_RUN_HOUR,
  type ScheduledPayment,
} from '@paydesk/domain/scheduled-payments/scheduled-payments.contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { paymentMethods } from '../../db/schema/payments';
import { scheduledPayments } from '../../db/schema/scheduled-payments';
import { CatalogueError, FieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { withTransaction, type ProviderContext } from '../../lib/service-context';
import { getAccountOfCustomer, getCustomerRow, recordCustomerEvent } from '../customers/customers.public';
import { queueTemplateText } from '../messaging/messaging.public';
import { checkPaymentAmount, type PayingMerchant, type PayingUser } from '../payments/payments.public';
import { readScheduledPayment } from './scheduled-payment-view';

export type SchedulePaymentInput = {
  merchant: PayingMerchant & { timezone: string };
  user: PayingUser & { id: string };
  accountId: string;
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  date: string;
};

export async function schedulePayment(ctx: ProviderContext, input: SchedulePaymentInput): Promise<ScheduledPayment> {
  const customer = await getCustomerRow(ctx.db, input.merchant.id, input.customerId);
  const { account } = await getAccountOfCustomer(ctx.db, input.merchant.id, customer.id, input.accountId);
  const [method] = await ctx.db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, input.paymentMethodId),
        eq(paymentMethods.merchant_id, input.merchant.id),
        eq(paymentMethods.customer_id, customer.id),
        eq(paymentMethods.saved, true),
        isNull(paymentMethods.removed_at),
      ),
    );
  if (!method) throw notFound();
  if (account.status === 'inactive') throw new CatalogueError('account.inactive');
  if (account.status === 'do_not_contact') throw new CatalogueError('account.do_not_contact');

  const today = toCalendarDate(ctx.clock(), input.merchant.timezone);
  const latest = addCalendarDays(today, SCHEDULED_PAYMENT_MAX_DAYS_AHEAD);
  if (input.date <= today) throw FieldErrors.of('date', 'Choose a day after today.');
  if (input.date > latest) throw FieldErrors.of('date', 'Choose a day within a year from today.');
  await checkPaymentAmount(ctx, input.merchant, input.user, [{ amount: input.amountCents }]);
  if (input.amountCents > account.amount_due_cents) throw new HttpError('payment.exceeds_amount_due');

  const id = await withTransaction(ctx, async (tx) => {
    const now = tx.clock();
    const [row] = await tx.db
      .insert(scheduledPayments)
      .values({
        merchant_id: input.merchant.id,
        account_id: account.id,
        customer_id: customer.id,
        payment_method_id: method.id,
        amount_cents: input.amountCents,
        scheduled_date: input.date,
        // The date's run hour on the merchant's wall clock, whatever the offset that day.
        run_at: sql`(${input.date}::date + make_interval(hours => ${SCHEDULED_PAYMENT_RUN_HOUR})) at time zone ${input.merchant.timezone}`,
        created_by: input.user.id,
        created: now,
        updated: now,
      })
      .returning({ id: scheduledPayments.id });
    if (!row) throw new Error('scheduled payment not recorded');
    await recordCustomerEvent(tx, {
      merchantId: input.merchant.id,
      customerId: customer.id,
      accountId: account.id,
      kind: 'scheduled_payment.created',
      actor: { id: input.user.id },
      after: { scheduled_payment_id: row.id, amount_cents: input.amountCents, date: input.date },
    });
    await queueTemplateText(tx, {
      merchantId: input.merchant.id,
      customerId: customer.id,
      accountId: account.id,
      type: 'PAYMENT_SCHEDULED',
      outcomeKey: `scheduled_payment:${row.id}`,
    });
    return row.id;
  });
  return readScheduledPayment(ctx.db, input.merchant.id, id);
}
