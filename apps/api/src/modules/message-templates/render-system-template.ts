import type { MergeValues } from '@paydesk/domain/message-templates/merge-fields';
import type { SystemTemplateType } from '@paydesk/domain/message-templates/template-types';
import { and, asc, eq } from 'drizzle-orm';
import { messageTemplates } from '../../db/schema/message-templates';
import type { ServiceContext } from '../../lib/service-context';
import { smsBodyOf } from './message-templates.service';
import { renderBodyForCustomer, type PaymentLinkMode } from './render-body';

/**
 * A system template's TEXT body (the merchant's template of that type, e.g. THANKS for "Text receipt") rendered for
 * a customer and account; null when the merchant has no such template or its TEXT body is empty. A sender passes
 * `linkMode: 'issue'` (render-body.ts).
 */
export async function renderSystemTemplateForCustomer(
  ctx: ServiceContext,
  input: {
    merchantId: string;
    customerId: string;
    accountId: string;
    type: SystemTemplateType;
    /** Values the sender knows better than the account does (the promise a text is about). */
    values?: Partial<MergeValues>;
  } & PaymentLinkMode,
): Promise<string | null> {
  const [template] = await ctx.db
    .select()
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.merchant_id, input.merchantId),
        eq(messageTemplates.type, input.type),
        eq(messageTemplates.active, true),
      ),
    )
    .orderBy(asc(messageTemplates.created))
    .limit(1);
  const body = template ? smsBodyOf(template.message_bodies) : '';
  if (!body.trim()) return null;
  const rendered = await renderBodyForCustomer(ctx, { ...input, body, bodyType: 'TEXT' });
  return rendered.rendered_body;
}
