// A payment as the API answers it (`paymentSchema`): its sources with what is left to refund, its reversals, and
// what the receipt shows. One reader for every payments endpoint.

import type { Payment, PaymentMethod } from '@paydesk/domain/payments/payments.contract';
import { CARD_BRAND_LABELS } from '@paydesk/domain/payments/card-entry';
import { formatPaymentMethodLabel } from '@paydesk/domain/format/payment-method';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, customers } from '../../db/schema/customers';
import { merchants, users } from '../../db/schema/identity';
import { merchantLocations } from '../../db/schema/locations';
import {
  paymentMethods,
  paymentReversalSources,
  paymentReversals,
  paymentSources,
  payments,
} from '../../db/schema/payments';
import { notFound } from '../../lib/http-errors';

type MethodRow = typeof paymentMethods.$inferSelect;

const personName = (person: { first_name: string; last_name: string } | null | undefined) =>
  person ? `${person.first_name} ${person.last_name}`.trim() : '';

/** A saved method as the API shows it: masked numbers only, the SPEC §3 label, a bank debit's authorisation. */
export function toPaymentMethodDto(method: MethodRow, authorizedByName = ''): PaymentMethod {
  return {
    id: method.id,
    payment_type: method.payment_type,
    card_type: method.card_type,
    card_brand: method.card_brand,
    funding: method.card_funding,
    nickname: method.nickname ?? '',
    masked_card_number: method.masked_card_number,
    masked_account_number: method.masked_account_number,
    label: formatPaymentMethodLabel(method),
    exp_month: method.exp_month,
    exp_year: method.exp_year,
    routing_number: method.routing_number,
    account_holder: method.account_holder,
    authorization:
      method.payment_type === 'bank' && method.authorization_text && method.authorization_method && method.authorized_at
        ? {
            text: method.authorization_text,
            method: method.authorization_method,
            authorized_by_name: authorizedByName,
            authorized_at: method.authorized_at.toISOString(),
          }
        : null,
    created: method.created.toISOString(),
  };
}

export const cardTypeOf = (brand: keyof typeof CARD_BRAND_LABELS | null) => (brand ? CARD_BRAND_LABELS[brand] : null);

/** Sources whose money was taken (or is being taken): what can still be refunded or voided. */
const TAKEN_STATES = new Set(['approved', 'pending', 'settled']);

/** The payment, or 404 when it is not the merchant's. */
export async function readPayment(db: Db, merchantId: string, paymentId: string): Promise<Payment> {
  const [row] = await db
    .select({
      payment: payments,
      merchant: { name: merchants.name, timezone: merchants.timezone },
      location: { name: merchantLocations.name, phone: merchantLocations.phone },
      customer: { first_name: customers.first_name, last_name: customers.last_name, email: customers.email },
      account: { external_id: accounts.external_id },
      creator: { first_name: users.first_name, last_name: users.last_name },
    })
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchant_id))
    .innerJoin(merchantLocations, eq(merchantLocations.id, payments.location_id))
    .leftJoin(customers, eq(customers.id, payments.customer_id))
    .leftJoin(accounts, eq(accounts.id, payments.account_id))
    .leftJoin(users, eq(users.id, payments.created_by))
    .where(and(eq(payments.id, paymentId), eq(payments.merchant_id, merchantId)));
  if (!row) throw notFound();
  const { payment } = row;

  const sources = await db
    .select({ source: paymentSources, method: paymentMethods })
    .from(paymentSources)
    .innerJoin(paymentMethods, eq(paymentMethods.id, paymentSources.payment_method_id))
    .where(eq(paymentSources.payment_id, payment.id))
    .orderBy(asc(paymentSources.position));
  const reversals = await db
    .select({ reversal: paymentReversals, creator: { first_name: users.first_name, last_name: users.last_name } })
    .from(paymentReversals)
    .leftJoin(users, eq(users.id, paymentReversals.created_by))
    .where(eq(paymentReversals.payment_id, payment.id))
    .orderBy(asc(paymentReversals.created), asc(paymentReversals.id));
  const reversalParts =
    reversals.length === 0
      ? []
      : await db
          .select()
          .from(paymentReversalSources)
          .where(
            inArray(
              paymentReversalSources.reversal_id,
              reversals.map(({ reversal }) => reversal.id),
            ),
          );
  const reversedBySource = new Map<string, number>();
  for (const part of reversalParts) {
    if (part.state === 'declined') continue;
    reversedBySource.set(
      part.payment_source_id,
      (reversedBySource.get(part.payment_source_id) ?? 0) + part.amount_cents,
    );
  }

  const sourceDtos = sources.map(({ source, method }) => {
    const reversed = reversedBySource.get(source.id) ?? 0;
    return {
      id: source.id,
      payment_method: method.id,
      payment_method_label: formatPaymentMethodLabel(method),
      payment_type: method.payment_type,
      amount_without_fee: source.amount_cents,
      convenience_fee: source.convenience_fee_cents,
      total: source.total_cents,
      state: source.state,
      refundable: TAKEN_STATES.has(source.state) ? Math.max(source.total_cents - reversed, 0) : 0,
      processor_reference: source.gateway_reference,
      decline_message: source.decline_message,
      return_code: source.return_code,
    };
  });
  const refunded = [...reversedBySource.values()].reduce((sum, cents) => sum + cents, 0);
  return {
    id: payment.id,
    status: payment.status,
    origin: payment.origin,
    account: payment.account_id,
    customer: payment.customer_id,
    location: payment.location_id,
    amount: payment.amount_cents,
    convenience_fee: payment.convenience_fee_cents,
    total_amount: payment.total_cents,
    fee_waived: payment.fee_waived,
    refunded_amount: refunded,
    refundable_amount: sourceDtos.reduce((sum, source) => sum + source.refundable, 0),
    failure_message: payment.failure_message,
    created: payment.created.toISOString(),
    created_by_name: personName(row.creator) || 'System',
    sources: sourceDtos,
    reversals: reversals.map(({ reversal, creator }) => ({
      id: reversal.id,
      kind: reversal.kind,
      state: reversal.state,
      total: reversal.total_cents,
      reason: reversal.reason,
      failure_message: reversal.failure_message,
      created: reversal.created.toISOString(),
      created_by_name: personName(creator) || 'System',
      sources: reversalParts
        .filter((part) => part.reversal_id === reversal.id)
        .map((part) => ({ payment_source: part.payment_source_id, amount: part.amount_cents, state: part.state })),
    })),
    receipt: {
      merchant_name: row.merchant.name,
      merchant_phone: row.location.phone,
      location_name: row.location.name,
      customer_name: personName(row.customer) || null,
      customer_email: row.customer?.email || null,
      account_external_id: row.account?.external_id ?? null,
      payer_name: payment.payer_name,
      description: payment.description,
      time_zone: row.merchant.timezone,
    },
  };
}

/** A customer's saved methods (not removed), newest first, with who took each bank authorisation. */
export async function listSavedMethods(db: Db, merchantId: string, customerId: string): Promise<PaymentMethod[]> {
  const rows = await db
    .select({ method: paymentMethods, authorizer: { first_name: users.first_name, last_name: users.last_name } })
    .from(paymentMethods)
    .leftJoin(users, eq(users.id, paymentMethods.authorized_by))
    .where(
      and(
        eq(paymentMethods.merchant_id, merchantId),
        eq(paymentMethods.customer_id, customerId),
        eq(paymentMethods.saved, true),
        isNull(paymentMethods.removed_at),
      ),
    )
    .orderBy(desc(paymentMethods.created), desc(paymentMethods.id));
  return rows.map(({ method, authorizer }) => toPaymentMethodDto(method, personName(authorizer)));
}
