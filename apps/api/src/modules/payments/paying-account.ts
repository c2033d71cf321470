// The merchant an account's payment is taken for, as `takePayment` takes it, with what the account owes now: the
// one lookup every job and public path (scheduled runs, autopay, retries, re-presentments, pay links) makes first.

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema/customers';
import { merchants } from '../../db/schema/identity';
import type { TakePaymentInput } from './take-payment';

export type PayingAccount = { merchant: TakePaymentInput['merchant']; amountDueCents: number };

/** The account's paying merchant and amount due; null when the account is gone. */
export async function findPayingAccount(db: Db, accountId: string): Promise<PayingAccount | null> {
  const [found] = await db
    .select({
      merchant: {
        id: merchants.id,
        is_integrated: merchants.is_integrated,
        check_custom_roles: merchants.check_custom_roles,
      },
      amountDueCents: accounts.amount_due_cents,
    })
    .from(accounts)
    .innerJoin(merchants, eq(merchants.id, accounts.merchant_id))
    .where(eq(accounts.id, accountId));
  return found ?? null;
}
