// What the public pay page shows for a live link: the merchant's name and logo, the customer's first name, the
// account's amount due and due date, the fee rule and which kinds of payment are taken. Nothing else.

import type { PayPage } from '@paydesk/domain/payment-links/payment-links.contract';
import { and, eq } from 'drizzle-orm';
import { accounts, customers } from '../../db/schema/customers';
import { merchants } from '../../db/schema/identity';
import { merchantAccounts } from '../../db/schema/merchant-accounts';
import { notFound } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import { checkLinkLive } from './pay-link-state';
import { findLinkByToken } from './payment-links.repository';

export async function readPayPage(ctx: ServiceContext, token: string): Promise<PayPage> {
  const link = await findLinkByToken(ctx.db, token);
  checkLinkLive(link, ctx.clock());
  const [row] = await ctx.db
    .select({
      merchant_name: merchants.name,
      merchant_logo: merchants.logo,
      first_name: customers.first_name,
      amount_due_cents: accounts.amount_due_cents,
      due_date: accounts.due_date,
      convenience_fee_cents: accounts.convenience_fee_cents,
      location_id: accounts.location_id,
    })
    .from(accounts)
    .innerJoin(merchants, eq(merchants.id, accounts.merchant_id))
    .innerJoin(customers, eq(customers.id, link.customer_id))
    .where(and(eq(accounts.id, link.account_id), eq(accounts.merchant_id, link.merchant_id)));
  if (!row) throw notFound();
  const kinds = await ctx.db
    .select({ kind: merchantAccounts.kind })
    .from(merchantAccounts)
    .where(and(eq(merchantAccounts.location_id, row.location_id), eq(merchantAccounts.status, 'active')));
  return {
    merchant: { name: row.merchant_name, logo: row.merchant_logo },
    customer: { first_name: row.first_name },
    amount_due: row.amount_due_cents,
    due_date: row.due_date,
    convenience_fee: row.convenience_fee_cents,
    accepts: { card: kinds.some((k) => k.kind === 'card'), bank: kinds.some((k) => k.kind === 'ach') },
    expires_at: link.expires_at.toISOString(),
  };
}
