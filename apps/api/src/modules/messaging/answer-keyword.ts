import {
  helpReplyText,
  OPT_IN_CONFIRMATION,
  OPT_OUT_CONFIRMATION,
  PAY_LINK_REPLY,
  PAY_NO_ACCOUNT_REPLY,
  PAY_UNAVAILABLE_REPLY,
  type ReplyMeaning,
} from '@paydesk/domain/messaging/keywords';
import { and, asc, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { accountCustomers, accounts } from '../../db/schema/customers';
import { merchants } from '../../db/schema/identity';
import type { TransactionContext, ServiceContext } from '../../lib/service-context';
import { changeTextConsentByKeyword } from '../customers/customers.public';
import { queueMessage } from './queue-message';
import { settingsOf } from './sending-numbers';

/**
 * Creates a payment link for a customer's account and returns its address (the payment-links module provides it;
 * until it does, PAY answers that payment by text is not available: never a made-up link).
 */
export type CreatePaymentLink = (
  ctx: ServiceContext,
  input: { merchantId: string; accountId: string; customerId: string },
) => Promise<string>;

/**
 * Confirms the customer's unconfirmed promises to pay still ahead, in the reply's transaction (the promises module
 * provides it); answers how many.
 */
export type ConfirmPromisesByReply = (
  tx: TransactionContext,
  input: { merchantId: string; customerId: string },
) => Promise<number>;

/** What the messaging module needs from modules built beside it. */
export type MessagingDependencies = {
  createPaymentLink: CreatePaymentLink | null;
  confirmPromisesByReply?: ConfirmPromisesByReply | null;
};

type Customer = { id: string; merchant_id: string; first_name: string; last_name: string };

/**
 * Acts on a keyword in an inbound text, in the transaction that records it: STOP and the like opt the customer out
 * of texts, START and the like back in (consent ledger, method `sms_keyword`, the words received), each answered
 * with one confirmation when it changed something; HELP and INFO get the merchant's help text; PAY a fresh payment
 * link for the customer's account (the most past due of several). Answers leave by the one send path.
 */
export async function answerKeyword(
  tx: TransactionContext,
  deps: MessagingDependencies,
  input: { merchantId: string; customer: Customer | null; from: string; meaning: ReplyMeaning; words: string },
): Promise<void> {
  const { meaning, customer, merchantId } = input;
  if (meaning.kind === 'none' || meaning.kind === 'possible_opt_out') return;
  const [merchant] = await tx.db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId));
  const name = merchant?.name ?? 'Paydesk';
  const reply = (body: string, accountId: string | null = null) =>
    queueMessage(tx, {
      merchantId,
      customerId: customer?.id ?? null,
      accountId,
      to: input.from,
      body,
      kind: 'system',
      sender: 'system',
    });

  if (meaning.kind === 'help') {
    const settings = await settingsOf(tx.db, merchantId);
    await reply(helpReplyText({ name, contact: settings?.help_contact ?? null }));
    return;
  }
  if (!customer) return; // consent and accounts belong to a known customer
  // "Reply YES to confirm" (PAYMENT_PROMISE): YES confirms the customer's unconfirmed promises besides opting in.
  if (meaning.kind === 'confirm' || (meaning.kind === 'opt_in' && meaning.keyword === 'YES')) {
    await deps.confirmPromisesByReply?.(tx, { merchantId, customerId: customer.id });
    if (meaning.kind === 'confirm') return;
  }
  if (meaning.kind === 'opt_out' || meaning.kind === 'opt_in') {
    const optedIn = meaning.kind === 'opt_in';
    const changed = await changeTextConsentByKeyword(tx, customer, { optedIn, words: input.words.trim() });
    if (changed) await reply(optedIn ? OPT_IN_CONFIRMATION(name) : OPT_OUT_CONFIRMATION(name));
    return;
  }
  // PAY
  const [account] = await tx.db
    .select({ id: accounts.id })
    .from(accounts)
    .innerJoin(accountCustomers, eq(accountCustomers.account_id, accounts.id))
    .where(
      and(
        eq(accountCustomers.customer_id, customer.id),
        eq(accounts.merchant_id, merchantId),
        ne(accounts.status, 'closed'),
        gt(accounts.amount_due_cents, 0),
      ),
    )
    // The most past due: the earliest due date, then the most owed.
    .orderBy(sql`${accounts.due_date} asc nulls last`, desc(accounts.amount_due_cents), asc(accounts.id))
    .limit(1);
  if (!account) {
    await reply(PAY_NO_ACCOUNT_REPLY(name));
    return;
  }
  if (!deps.createPaymentLink) {
    await reply(PAY_UNAVAILABLE_REPLY(name), account.id);
    return;
  }
  const link = await deps.createPaymentLink(tx, { merchantId, accountId: account.id, customerId: customer.id });
  await reply(PAY_LINK_REPLY(name, link), account.id);
}
