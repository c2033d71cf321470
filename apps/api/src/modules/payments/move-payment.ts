// Moving a payment to another account of the same merchant (issue 18 item 9, `/customers/move-payment`): the money
// stays where it is at the processor; the ledger takes what the payment paid off the old account back onto it
// (`move_out`) and off the new one (`move_in`), both accounts' histories say so, with the reason.

import type { Payment } from '@paydesk/domain/payments/payments.contract';
import { and, eq, sql } from 'drizzle-orm';
import { accountCustomers, accounts } from '../../db/schema/customers';
import { ledgerEntries, payments } from '../../db/schema/payments';
import { CatalogueError, FieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordCustomerEvent } from '../customers/customers.public';
import { readPayment } from './payment-view';
import { postPaymentEntries } from './post-payment-entries';

export type MovePaymentInput = {
  merchantId: string;
  userId: string;
  paymentId: string;
  accountId: string;
  reason: string;
};

/** Statuses whose money sits on an account: what a move carries (the part not given back yet). */
const MOVABLE = new Set(['PAID', 'PARTIALLY_REFUNDED', 'PENDING']);

export async function movePayment(ctx: ServiceContext, input: MovePaymentInput): Promise<Payment> {
  await withTransaction(ctx, async (tx) => {
    const [payment] = await tx.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, input.paymentId), eq(payments.merchant_id, input.merchantId)))
      .for('update');
    if (!payment) throw notFound();
    const [target] = await tx.db
      .select({ id: accounts.id, status: accounts.status, amount_due_cents: accounts.amount_due_cents })
      .from(accounts)
      .where(and(eq(accounts.id, input.accountId), eq(accounts.merchant_id, input.merchantId)));
    if (!target) throw notFound();
    if (!payment.account_id) throw FieldErrors.of('payment', 'A down payment is on no account: it cannot be moved.');
    if (payment.account_id === target.id) throw FieldErrors.of('account', 'Choose another account than its own.');
    if (!MOVABLE.has(payment.status))
      throw new HttpError('refund.not_refundable', 'Only a payment that was taken can be moved.');
    if (target.status === 'inactive') throw new CatalogueError('account.inactive');

    // What the payment still pays off on its account: its ledger entries there (charge, fee, refunds, moves) net.
    const [net] = await tx.db
      .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amount_cents}), 0)`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.payment_id, payment.id), eq(ledgerEntries.account_id, payment.account_id)));
    const paidOff = -(net?.cents ?? 0);
    if (paidOff <= 0) throw FieldErrors.of('payment', 'Nothing of this payment is left on its account to move.');
    if (paidOff > target.amount_due_cents) throw new HttpError('payment.exceeds_amount_due');

    const [primary] = await tx.db
      .select({ customer_id: accountCustomers.customer_id })
      .from(accountCustomers)
      .where(and(eq(accountCustomers.account_id, target.id), eq(accountCustomers.role, 'primary')));
    const actor = { id: input.userId };
    await postPaymentEntries(tx, input.merchantId, actor, [
      {
        accountId: payment.account_id,
        kind: 'move_out',
        amountCents: paidOff,
        paymentId: payment.id,
        reason: input.reason,
      },
      { accountId: target.id, kind: 'move_in', amountCents: -paidOff, paymentId: payment.id, reason: input.reason },
    ]);
    await tx.db
      .update(payments)
      .set({ account_id: target.id, customer_id: primary?.customer_id ?? payment.customer_id, updated: tx.clock() })
      .where(eq(payments.id, payment.id));
    const moved = { payment_id: payment.id, amount_cents: paidOff, reason: input.reason };
    if (payment.customer_id) {
      await recordCustomerEvent(tx, {
        merchantId: input.merchantId,
        customerId: payment.customer_id,
        accountId: payment.account_id,
        kind: 'payment.moved_out',
        actor,
        after: moved,
      });
    }
    if (primary) {
      await recordCustomerEvent(tx, {
        merchantId: input.merchantId,
        customerId: primary.customer_id,
        accountId: target.id,
        kind: 'payment.moved_in',
        actor,
        after: moved,
      });
    }
  });
  return readPayment(ctx.db, input.merchantId, input.paymentId);
}
