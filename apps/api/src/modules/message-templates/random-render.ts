// random_render (SPEC §7): an unsaved body rendered for a random customer of the merchant, or with sample values
// when it has none. A preview: it never issues a payment link (see render-body.ts).

import { SAMPLE_MERGE_VALUES, type BodyType } from '@paydesk/domain/message-templates/merge-fields';
import type { RenderedBody } from '@paydesk/domain/message-templates/message-templates.contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountCustomers, accounts, customers } from '../../db/schema/customers';
import type { ServiceContext } from '../../lib/service-context';
import { loadMergeValues } from './merge-values';
import { getMerchantOrNotFound, renderPreviewBody } from './render-body';

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

/** POST …/message_templates/random_render/. */
export async function renderForRandomCustomer(
  ctx: ServiceContext,
  merchantId: string,
  input: { message_template_body: string; type: BodyType },
): Promise<RenderedBody> {
  const merchant = await getMerchantOrNotFound(ctx, merchantId);
  const picked = await findRandomCustomerAccount(ctx.db, merchantId);
  const body = input.message_template_body;
  if (!picked) {
    const values = { ...SAMPLE_MERGE_VALUES, merchant_name: merchant.name };
    return { rendered_body: await renderPreviewBody(ctx, { body, bodyType: input.type, values }), customer: null };
  }
  const values = await loadMergeValues(ctx, merchant, picked.customer, picked.account);
  return {
    rendered_body: await renderPreviewBody(ctx, { body, bodyType: input.type, values }),
    customer: { id: picked.customer.id, first_name: picked.customer.first_name, last_name: picked.customer.last_name },
  };
}
