// render (SPEC §7): a saved template's body rendered for a customer and account. A preview: it never issues a
// payment link (see render-body.ts); a sender renders with `linkMode: 'issue'` instead.

import type { BodyType } from '@paydesk/domain/message-templates/merge-fields';
import type { RenderedBody } from '@paydesk/domain/message-templates/message-templates.contract';
import type { ServiceContext } from '../../lib/service-context';
import { getTemplate } from './message-templates.service';
import { renderBodyForCustomer } from './render-body';

/** POST …/message_templates/{tid}/render/: the template's en-US body of the type, for the customer and account. */
export async function renderTemplate(
  ctx: ServiceContext,
  merchantId: string,
  templateId: string,
  input: { customer: string; account: string; type: BodyType },
): Promise<RenderedBody> {
  const template = await getTemplate(ctx, merchantId, templateId);
  const body =
    template.message_bodies.find((entry) => entry.body_type === input.type && entry.language === 'en-US') ??
    template.message_bodies.find((entry) => entry.body_type === input.type);
  return renderBodyForCustomer(ctx, {
    merchantId,
    customerId: input.customer,
    accountId: input.account,
    body: body?.message_body ?? '',
    bodyType: input.type,
    linkMode: 'preview',
  });
}
