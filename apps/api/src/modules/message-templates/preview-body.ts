// preview (issue 20 item 6): the editor's draft body, as typed and not yet saved, rendered for a chosen customer and
// account. It never issues a payment link (see render-body.ts).

import type { BodyType } from '@paydesk/domain/message-templates/merge-fields';
import type { RenderedBody } from '@paydesk/domain/message-templates/message-templates.contract';
import type { ServiceContext } from '../../lib/service-context';
import { renderBodyForCustomer } from './render-body';

/** POST …/message_templates/preview/. */
export function previewBodyForCustomer(
  ctx: ServiceContext,
  merchantId: string,
  input: { customer: string; account: string; message_template_body: string; type: BodyType },
): Promise<RenderedBody> {
  return renderBodyForCustomer(ctx, {
    merchantId,
    customerId: input.customer,
    accountId: input.account,
    body: input.message_template_body,
    bodyType: input.type,
    linkMode: 'preview',
  });
}
