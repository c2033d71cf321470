// Enrolling a customer of an account in autopay (issue 19 item 2), or changing their method. The one-active-per-
// account rule is a partial unique index; the check under the account's lock gives the catalogue's words first.

import {
  AUTOPAY_AUTHORIZATION_REQUIRED,
  recurringDebitTerms,
  type Autopay,
} from '@paydesk/domain/autopay/autopay.contract';
import { breaksAutopayCap } from '@paydesk/domain/customers/customers.contract';
import { formatPaymentMethodLabel } from '@paydesk/domain/format/payment-method';
import type { BankAuthorizationMethod } from '@paydesk/domain/payments/payments';
import { and, eq, isNull } from 'drizzle-orm';
import { autopayEnrollments } from '../../db/schema/autopay';
import { accounts } from '../../db/schema/customers';
import { paymentMethods } from '../../db/schema/payments';
import { CatalogueError, FieldErrors, notFound } from '../../lib/http-errors';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import {
  getAccountOfCustomer,
  getCustomerRow,
  recordCustomerEvent,
  setAccountAutopayFlag,
} from '../customers/customers.public';
import { queueTemplateText } from '../messaging/messaging.public';
import { readAutopay } from './autopay-view';

export type EnrolAutopayInput = {
  merchant: { id: string; name: string };
  userId: string;
  accountId: string;
  customerId: string;
  paymentMethodId: string;
  authorization?: { method: BankAuthorizationMethod } | undefined;
};

export async function enrolAutopay(ctx: ServiceContext, input: EnrolAutopayInput): Promise<Autopay> {
  const customer = await getCustomerRow(ctx.db, input.merchant.id, input.customerId);
  const { account } = await getAccountOfCustomer(ctx.db, input.merchant.id, customer.id, input.accountId);
  const [method] = await ctx.db
    .select()
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
  if (!method) throw new CatalogueError('payment_method.not_found');
  if (method.payment_type === 'bank' && !input.authorization) {
    throw FieldErrors.of('authorization', AUTOPAY_AUTHORIZATION_REQUIRED);
  }

  await withTransaction(ctx, async (tx) => {
    const [locked] = await tx.db.select().from(accounts).where(eq(accounts.id, account.id)).for('update');
    if (!locked) throw notFound();
    if (locked.status === 'inactive') throw new CatalogueError('account.inactive');
    if (locked.status === 'do_not_contact') throw new CatalogueError('account.do_not_contact');
    if (breaksAutopayCap(true, locked.due_date)) throw new CatalogueError('account.due_date.autopay_cap');
    const [active] = await tx.db
      .select()
      .from(autopayEnrollments)
      .where(and(eq(autopayEnrollments.account_id, account.id), eq(autopayEnrollments.active, true)));
    if (active && active.customer_id !== customer.id) throw new CatalogueError('autopay.already_configured');

    const now = tx.clock();
    const bank = method.payment_type === 'bank' && input.authorization;
    const authorization = bank
      ? {
          authorization: recurringDebitTerms({
            merchantName: input.merchant.name,
            accountLabel: formatPaymentMethodLabel(method),
            dueDay: locked.due_date ? Number(locked.due_date.slice(8, 10)) : null,
          }),
          authorization_method: input.authorization?.method ?? null,
          authorized_by: input.userId,
          authorized_at: now,
        }
      : { authorization: null, authorization_method: null, authorized_by: null, authorized_at: null };
    let enrolmentId: string | null = null;
    if (active) {
      await tx.db
        .update(autopayEnrollments)
        .set({ payment_method_id: method.id, ...authorization, updated: now })
        .where(eq(autopayEnrollments.id, active.id));
    } else {
      const [enrolled] = await tx.db
        .insert(autopayEnrollments)
        .values({
          merchant_id: input.merchant.id,
          account_id: account.id,
          customer_id: customer.id,
          payment_method_id: method.id,
          enrolled_by: input.userId,
          created: now,
          updated: now,
          ...authorization,
        })
        .returning({ id: autopayEnrollments.id });
      enrolmentId = enrolled?.id ?? null;
      await setAccountAutopayFlag(tx, account.id, true);
    }
    await recordCustomerEvent(tx, {
      merchantId: input.merchant.id,
      customerId: customer.id,
      accountId: account.id,
      kind: active ? 'autopay.method_changed' : 'autopay.enabled',
      actor: { id: input.userId },
      before: active ? { payment_method: active.payment_method_id } : null,
      after: {
        payment_method: method.id,
        payment_method_label: formatPaymentMethodLabel(method),
        ...(bank ? { authorization_method: input.authorization?.method ?? '' } : {}),
      },
    });
    // Set up by the merchant's staff: the customer is told by the AUTOPAY_MERCHANT template.
    if (enrolmentId) {
      await queueTemplateText(tx, {
        merchantId: input.merchant.id,
        customerId: customer.id,
        accountId: account.id,
        type: 'AUTOPAY_MERCHANT',
        outcomeKey: `autopay_enrollment:${enrolmentId}`,
      });
    }
  });
  const fresh = await getAccountOfCustomer(ctx.db, input.merchant.id, customer.id, account.id);
  return readAutopay(ctx.db, fresh.account);
}
