// render and random_render (SPEC §7): a body rendered with the merge values of a customer and one of their accounts,
// by the domain's renderTemplateBody, the same function the editor's preview and every sender use.

import { toCalendarDate } from '@paydesk/domain/dates/calendar';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';
import {
  SAMPLE_MERGE_VALUES,
  renderTemplateBodyWithLink,
  type BodyType,
  type CreatePaymentLink,
  type MergeValues,
} from '@paydesk/domain/message-templates/merge-fields';
import type { RenderedBody } from '@paydesk/domain/message-templates/message-templates.contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountCustomers, accounts, customers } from '../../db/schema/customers';
import { merchantLocations } from '../../db/schema/locations';
import { payments } from '../../db/schema/payments';
import { getAccountOfCustomer, getCustomerRow, type AccountRow } from '../customers/customers.public';
import { findMerchant } from '../merchants/merchants.public';
import { notFound } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import { getTemplate } from './message-templates.service';

type CustomerValues = { id: string; first_name: string; last_name: string; location_id: string };

const DAY_MS = 86_400_000;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The latest payment that took money for the account: its amount and its day in the merchant's zone. */
async function findLastPayment(db: Db, accountId: string) {
  const [row] = await db
    .select({ amount: payments.amount_cents, created: payments.created })
    .from(payments)
    .where(and(eq(payments.account_id, accountId), inArray(payments.status, ['PAID', 'PARTIALLY_REFUNDED'])))
    .orderBy(desc(payments.created))
    .limit(1);
  return row;
}

async function findLocationPhone(db: Db, locationId: string): Promise<string | null> {
  const [row] = await db
    .select({ phone: merchantLocations.phone })
    .from(merchantLocations)
    .where(eq(merchantLocations.id, locationId));
  return row?.phone ?? null;
}

/**
 * The merge values of a customer and account of a merchant. promise_date and promise_amount render as nothing
 * unless the sender passes the promise its text is about; autopay_day is the due date's day of the month on autopay.
 */
export async function loadMergeValues(
  ctx: ServiceContext,
  merchant: { id: string; name: string; timezone: string },
  customer: CustomerValues,
  account: AccountRow,
): Promise<MergeValues> {
  const today = toCalendarDate(ctx.clock(), merchant.timezone);
  const [lastPayment, phone] = await Promise.all([
    findLastPayment(ctx.db, account.id),
    findLocationPhone(ctx.db, customer.location_id),
  ]);
  const due = account.due_date;
  return {
    first_name: customer.first_name,
    last_name: customer.last_name,
    external_id: account.external_id,
    amount_due_cents: account.amount_due_cents,
    due_date: due,
    days_past_due: due ? Math.max(0, daysBetween(due, today)) : null,
    convenience_fee_cents: account.convenience_fee_cents,
    merchant_name: merchant.name,
    merchant_phone: phone ? formatPhoneNumber(phone) : null,
    promise_date: null,
    promise_amount_cents: null,
    last_payment_amount_cents: lastPayment?.amount ?? null,
    last_payment_date: lastPayment ? toCalendarDate(lastPayment.created, merchant.timezone) : null,
    autopay_day: account.autopay && due ? Number(due.slice(8, 10)) : null,
  };
}

async function getMerchantOrNotFound(ctx: ServiceContext, merchantId: string) {
  const merchant = await findMerchant(ctx.db, merchantId);
  if (!merchant) throw notFound();
  return merchant;
}

/**
 * Renders a body for a customer and their account. `createPaymentLink` is the seam for `{{payment_link}}`: a
 * sender passes the payment-links capability's "create a link for this account", called only when the body uses
 * the field; without one the link renders as nothing.
 */
export async function renderBodyForCustomer(
  ctx: ServiceContext,
  input: {
    merchantId: string;
    customerId: string;
    accountId: string;
    body: string;
    bodyType: BodyType;
    createPaymentLink?: CreatePaymentLink;
    /** Values the sender knows better than the account does (the promise a text is about). */
    values?: Partial<MergeValues>;
  },
): Promise<RenderedBody> {
  const merchant = await getMerchantOrNotFound(ctx, input.merchantId);
  const customer = await getCustomerRow(ctx.db, input.merchantId, input.customerId);
  const { account } = await getAccountOfCustomer(ctx.db, input.merchantId, customer.id, input.accountId);
  const values = { ...(await loadMergeValues(ctx, merchant, customer, account)), ...input.values };
  return {
    rendered_body: await renderTemplateBodyWithLink(input.body, values, input.bodyType, input.createPaymentLink),
    customer: { id: customer.id, first_name: customer.first_name, last_name: customer.last_name },
  };
}

/** POST …/message_templates/{tid}/render/: the template's en-US body of the type, for the customer and account. */
export async function renderTemplate(
  ctx: ServiceContext,
  merchantId: string,
  templateId: string,
  input: { customer: string; account: string; type: BodyType },
): Promise<RenderedBody> {
  const template = await getTemplate(ctx, merchantId, templateId);
  const body =
    template.message_bodies.find((entry) => entry.body_type === input.type && entry.language === 'en-US') ??
    template.message_bodies.find((entry) => entry.body_type === input.type);
  return renderBodyForCustomer(ctx, {
    merchantId,
    customerId: input.customer,
    accountId: input.account,
    body: body?.message_body ?? '',
    bodyType: input.type,
  });
}

/** A random customer of the merchant who is on an account, with that account; undefined when there is none. */
async function findRandomCustomerAccount(db: Db, merchantId: string) {
  const [row] = await db
    .select({
      customer: {
        id: customers.id,
        first_name: customers.first_name,
        last_name: customers.last_name,
        location_id: customers.location_id,
      },
      account: accounts,
    })
    .from(customers)
    .innerJoin(accountCustomers, eq(accountCustomers.customer_id, customers.id))
    .innerJoin(accounts, eq(accounts.id, accountCustomers.account_id))
    .where(and(eq(customers.merchant_id, merchantId), sql`${customers.removed_at} is null`))
    .orderBy(sql`random()`)
    .limit(1);
  return row;
}

/** POST …/message_templates/random_render/: an unsaved body, for a random customer or with sample values. */
export async function renderForRandomCustomer(
  ctx: ServiceContext,
  merchantId: string,
  input: { message_template_body: string; type: BodyType },
): Promise<RenderedBody> {
  const merchant = await getMerchantOrNotFound(ctx, merchantId);
  const picked = await findRandomCustomerAccount(ctx.db, merchantId);
  if (!picked) {
    const values = { ...SAMPLE_MERGE_VALUES, merchant_name: merchant.name };
    return {
      rendered_body: await renderTemplateBodyWithLink(input.message_template_body, values, input.type),
      customer: null,
    };
  }
  const values = await loadMergeValues(ctx, merchant, picked.customer, picked.account);
  return {
    rendered_body: await renderTemplateBodyWithLink(input.message_template_body, values, input.type),
    customer: { id: picked.customer.id, first_name: picked.customer.first_name, last_name: picked.customer.last_name },
  };
}
