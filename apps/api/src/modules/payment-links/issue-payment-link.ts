// Issuing a payment link for an account and one of its customers (issue 19 item 6): a new single-use token whose
// hash is stored, every earlier live link of the account superseded in the same transaction, optionally emailed.

import { formatDate, formatDateTime } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import {
  PAY_PAGE_PATH,
  PAYMENT_LINK_LIFETIME_HOURS,
  type PaymentLink,
} from '@paydesk/domain/payment-links/payment-links.contract';
import { and, eq, isNull } from 'drizzle-orm';
import { merchants } from '../../db/schema/identity';
import { paymentLinks } from '../../db/schema/payment-links';
import { appUrlOf } from '../../lib/app-url';
import { CatalogueError, FieldErrors } from '../../lib/http-errors';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { throttleAttempt } from '../auth/auth.public';
import { getAccountOfCustomer, getCustomerRow } from '../customers/customers.public';
import { queueEmail } from '../mail/mail.public';
import { hashPayToken, newPayToken } from './payment-link-tokens';

/** Links issued per account in the throttle window before each further one waits. */
export const LINKS_FREE_PER_ACCOUNT = 10;

export type IssuePaymentLinkInput = {
  merchantId: string;
  accountId: string;
  customerId: string;
  /** Null when the customer asked for it (a PAY text). */
  userId: string | null;
  sendEmail: boolean;
};

export async function issuePaymentLink(ctx: ServiceContext, input: IssuePaymentLinkInput): Promise<PaymentLink> {
  const customer = await getCustomerRow(ctx.db, input.merchantId, input.customerId);
  const { account } = await getAccountOfCustomer(ctx.db, input.merchantId, customer.id, input.accountId);
  if (account.status === 'inactive') throw new CatalogueError('account.inactive');
  if (account.status === 'do_not_contact') throw new CatalogueError('account.do_not_contact');
  if (account.amount_due_cents <= 0) throw new CatalogueError('account.already_paid');
  if (input.sendEmail && !customer.email) {
    throw FieldErrors.of('send_email', 'The customer has no email address: add one, or copy the link instead.');
  }
  await throttleAttempt(ctx, [{ key: `pay-link-issue:${account.id}`, free: LINKS_FREE_PER_ACCOUNT }]);

  const token = newPayToken();
  const now = ctx.clock();
  const expiresAt = new Date(now.getTime() + PAYMENT_LINK_LIFETIME_HOURS * 60 * 60 * 1000);
  const linkId = await withTransaction(ctx, async (tx) => {
    await tx.db
      .update(paymentLinks)
      .set({ superseded_at: now })
      .where(
        and(eq(paymentLinks.account_id, account.id), isNull(paymentLinks.used_at), isNull(paymentLinks.superseded_at)),
      );
    const [row] = await tx.db
      .insert(paymentLinks)
      .values({
        merchant_id: input.merchantId,
        account_id: account.id,
        customer_id: customer.id,
        token_hash: hashPayToken(token),
        expires_at: expiresAt,
        created_by: input.userId,
        created: now,
      })
      .returning({ id: paymentLinks.id });
    if (!row) throw new Error('payment link not inserted');
    return row.id;
  });

  const link = `${appUrlOf(ctx.config)}${PAY_PAGE_PATH}${token}`;
  if (input.sendEmail && customer.email) {
    const [merchant] = await ctx.db
      .select({ name: merchants.name, timezone: merchants.timezone })
      .from(merchants)
      .where(eq(merchants.id, input.merchantId));
    const merchantName = merchant?.name ?? 'Your lender';
    await queueEmail(ctx, {
      key: `payment-link:${linkId}`,
      to: customer.email,
      subject: `Your payment link from ${merchantName}`,
      text: [
        `Hi ${customer.first_name},`,
        '',
        `${merchantName} sent you a secure link to pay ${formatMoney(account.amount_due_cents)}${
          account.due_date ? ` due ${formatDate(account.due_date)}` : ''
        }:`,
        link,
        '',
        `The link works once and expires on ${formatDateTime(expiresAt, { timeZone: merchant?.timezone })} (${PAYMENT_LINK_LIFETIME_HOURS} hours).`,
      ].join('\n'),
    });
  }
  return { payment_link: link, expires_at: expiresAt.toISOString(), emailed: input.sendEmail };
}
