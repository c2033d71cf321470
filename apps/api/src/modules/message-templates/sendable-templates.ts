// The templates a person may text from the inbox (SPEC §6: a user without free typing must choose one): the
// merchant's active, visible templates with a TEXT body. Listed with a preview for a customer and account (no payment
// link issued), and rendered by the server when sent (the link issued for real): a client's render is never sent.

import { and, asc, eq } from 'drizzle-orm';
import { messageTemplates } from '../../db/schema/message-templates';
import { FieldErrors } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import { getAccountOfCustomer, getCustomerRow } from '../customers/customers.public';
import { loadMergeValues } from './merge-values';
import { getTemplate, smsBodyOf } from './message-templates.service';
import { getMerchantOrNotFound, renderBodyForCustomer, renderPreviewBody, type PaymentLinkMode } from './render-body';

export const TEMPLATE_NOT_SENDABLE = "Choose one of the merchant's active templates.";
export const TEMPLATE_WITHOUT_TEXT = 'This template has no text.';

type Target = { merchantId: string; customerId: string; accountId: string };

/** The sendable templates by name, each with its text rendered for the customer and account as a preview. */
export async function previewSendableTemplates(ctx: ServiceContext, input: Target) {
  const merchant = await getMerchantOrNotFound(ctx, input.merchantId);
  const customer = await getCustomerRow(ctx.db, merchant.id, input.customerId);
  const { account } = await getAccountOfCustomer(ctx.db, merchant.id, customer.id, input.accountId);
  const rows = await ctx.db
    .select()
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.merchant_id, merchant.id),
        eq(messageTemplates.active, true),
        eq(messageTemplates.is_visible, true),
      ),
    )
    .orderBy(asc(messageTemplates.name), asc(messageTemplates.id));
  const sendable = rows.filter((row) => smsBodyOf(row.message_bodies).trim() !== '');
  if (sendable.length === 0) return [];
  const values = await loadMergeValues(ctx, merchant, customer, account);
  return Promise.all(
    sendable.map(async (row) => ({
      id: row.id,
      name: row.name,
      type: row.type,
      preview: await renderPreviewBody(ctx, { body: smsBodyOf(row.message_bodies), bodyType: 'TEXT', values }),
    })),
  );
}

/**
 * One sendable template's text rendered for the customer and account: another merchant's template → 404; an
 * inactive or hidden one, or one without a text → 400 on `template`.
 */
export async function renderSendableTemplate(
  ctx: ServiceContext,
  input: Target & { templateId: string } & PaymentLinkMode,
): Promise<string> {
  const template = await getTemplate(ctx, input.merchantId, input.templateId);
  if (!template.active || !template.is_visible) throw FieldErrors.of('template', TEMPLATE_NOT_SENDABLE);
  const body = smsBodyOf(template.message_bodies);
  if (!body.trim()) throw FieldErrors.of('template', TEMPLATE_WITHOUT_TEXT);
  const rendered = await renderBodyForCustomer(ctx, { ...input, body, bodyType: 'TEXT' });
  return rendered.rendered_body;
}
