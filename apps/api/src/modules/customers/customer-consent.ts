// A staff change of a customer's opt-in on one channel, with its consent ledger row.

import type { consentChangeSchema } from '@paydesk/domain/customers/customers.contract';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { customers } from '../../db/schema/customers';
import { FieldErrors } from '../../lib/http-errors';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import type { Actor } from '../audit/audit.public';
import { invalidateCustomerCounts } from './list/customers-list';
import { getCustomerRow, type MerchantRef } from './customers.read';
import { CHANNEL_COLUMN, optInRecords, writeOptIns } from './customer-opt-ins';

export async function changeConsent(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  input: z.output<typeof consentChangeSchema>,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    tx.afterCommit(() => invalidateCustomerCounts(merchant.id));
    const current = await getCustomerRow(tx.db, merchant.id, customerId);
    if (input.opted_in && input.channel === 'sms' && !current.sms_phone_number) {
      throw FieldErrors.of('sms_phone_number', REQUIRED);
    }
    if (input.opted_in && input.channel === 'email' && !current.email) throw FieldErrors.of('email', REQUIRED);
    await tx.db
      .update(customers)
      .set({ [CHANNEL_COLUMN[input.channel]]: input.opted_in, updated: tx.clock() })
      .where(eq(customers.id, current.id));
    await writeOptIns(
      tx,
      optInRecords(
        current,
        null,
        { [input.channel]: input.opted_in },
        { method: 'staff_affirmed', actor, words: () => input.affirmation, now: tx.clock() },
      ),
    );
  });
}

/**
 * A customer's text consent changed by a keyword they texted (STOP, START…): the opt-in column and the consent
 * ledger (method `sms_keyword`, the words received, no user), in the caller's transaction. Returns whether it changed.
 */
export async function changeTextConsentByKeyword(
  ctx: ServiceContext,
  customer: { id: string; merchant_id: string },
  input: { optedIn: boolean; words: string },
): Promise<boolean> {
  return changeTextConsentFromReply(ctx, customer, { ...input, method: 'sms_keyword', actor: null });
}

/**
 * A customer's text consent changed because of what they texted: by a keyword (`sms_keyword`, no user), or by a
 * person who read a reply flagged as an opt-out in other words and confirmed it (`staff`, that user). The words
 * received are kept in the consent ledger. Returns whether the opt-in changed.
 */
export async function changeTextConsentFromReply(
  ctx: ServiceContext,
  customer: { id: string; merchant_id: string },
  input: { optedIn: boolean; words: string; method: 'sms_keyword' | 'staff'; actor: Actor },
): Promise<boolean> {
  return withTransaction(ctx, async (tx) => {
    const [changed] = await tx.db
      .update(customers)
      .set({ text_opt_in: input.optedIn, updated: tx.clock() })
      .where(and(eq(customers.id, customer.id), sql`${customers.text_opt_in} is distinct from ${input.optedIn}`))
      .returning({ id: customers.id });
    await writeOptIns(
      tx,
      optInRecords(
        customer,
        null,
        { sms: input.optedIn },
        { method: input.method, actor: input.actor, words: () => input.words, now: tx.clock() },
      ),
    );
    if (changed) tx.afterCommit(() => invalidateCustomerCounts(customer.merchant_id));
    return Boolean(changed);
  });
}
