// The merge values of a customer and one of their accounts (issue 20 item 3): every field of a template read from
// the data it names, in the merchant's time zone. `{{payment_link}}` is not here: render-body.ts fills it.

import { toCalendarDate } from '@paydesk/domain/dates/calendar';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';
import type { MergeValues } from '@paydesk/domain/message-templates/merge-fields';
import type { AccountRow } from '../customers/customers.public';
import { findMerchantPhone } from '../locations/locations.public';
import { findLastAccountPayment } from '../payments/payments.public';
import { findNextOpenPromise } from '../promises/promises.public';
import type { ServiceContext } from '../../lib/service-context';

export type MergeCustomer = { id: string; first_name: string; last_name: string; location_id: string };
export type MergeMerchant = { id: string; name: string; timezone: string };

const DAY_MS = 86_400_000;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * Days past due: today (in the merchant's zone) less the due date, 0 before it and when nothing is owed. Autopay
 * day: the day of the month autopay takes the amount due, which is the due date's (the autopay job runs on it).
 * Merchant phone: the customer's location's, else another location's. Promise: the next open one. Last payment:
 * the latest that went through or is settling.
 */
export async function loadMergeValues(
  ctx: ServiceContext,
  merchant: MergeMerchant,
  customer: MergeCustomer,
  account: AccountRow,
): Promise<MergeValues> {
  const today = toCalendarDate(ctx.clock(), merchant.timezone);
  const [lastPayment, phone, promise] = await Promise.all([
    findLastAccountPayment(ctx.db, account.id),
    findMerchantPhone(ctx.db, merchant.id, customer.location_id),
    findNextOpenPromise(ctx.db, account.id),
  ]);
  const due = account.due_date;
  return {
    first_name: customer.first_name,
    last_name: customer.last_name,
    external_id: account.external_id,
    amount_due_cents: account.amount_due_cents,
    due_date: due,
    days_past_due: due ? (account.amount_due_cents > 0 ? Math.max(0, daysBetween(due, today)) : 0) : null,
    convenience_fee_cents: account.convenience_fee_cents,
    merchant_name: merchant.name,
    merchant_phone: phone ? formatPhoneNumber(phone) : null,
    promise_date: promise ? toCalendarDate(promise.scheduled_date, merchant.timezone) : null,
    promise_amount_cents: promise?.amount_cents ?? null,
    last_payment_amount_cents: lastPayment?.amount_cents ?? null,
    last_payment_date: lastPayment ? toCalendarDate(lastPayment.created, merchant.timezone) : null,
    autopay_day: account.autopay && due ? Number(due.slice(8, 10)) : null,
  };
}
