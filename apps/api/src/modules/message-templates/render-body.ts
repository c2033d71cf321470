// Rendering a body for a customer and one of their accounts: the one path the render endpoints, the editor's
// preview and every sender (a template text from the inbox, campaigns, automations) go through.

import {
  previewPaymentLink,
  renderTemplateBodyWithLink,
  type BodyType,
  type MergeValues,
} from '@paydesk/domain/message-templates/merge-fields';
import type { RenderedBody } from '@paydesk/domain/message-templates/message-templates.contract';
import { appUrlOf } from '../../lib/app-url';
import { HttpError, notFound } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import { getAccountOfCustomer, getCustomerRow } from '../customers/customers.public';
import { findMerchant } from '../merchants/merchants.public';
import { issuePaymentLink } from '../payment-links/payment-links.public';
import { loadMergeValues, type MergeMerchant } from './merge-values';

/**
 * How `{{payment_link}}` is filled. Issuing a link voids the account's earlier one (the customer's link in an
 * earlier text stops working), so only a message that is really sent may issue one:
 * - `preview`: the render endpoints and the editor's preview. The link is `previewPaymentLink`, a sample as long as
 *   a real one; nothing is written.
 * - `issue`: a sender. A fresh link from the payment-links capability, created only when the body uses the field,
 *   `issuedBy` the person sending (null for the system: a keyword reply, an automation). An account that can take
 *   no link (nothing due, inactive, do not contact) renders the field as empty, like any field with no value.
 */
export type PaymentLinkMode = { linkMode: 'preview' } | { linkMode: 'issue'; issuedBy: string | null };

/** Why payment-links refuses a link for the account: the message goes without one. */
const NO_LINK_FOR_ACCOUNT = new Set(['account.inactive', 'account.do_not_contact', 'account.already_paid']);

async function issueLinkOrNothing(
  ctx: ServiceContext,
  input: { merchantId: string; accountId: string; customerId: string; issuedBy: string | null },
): Promise<string> {
  try {
    const link = await issuePaymentLink(ctx, {
      merchantId: input.merchantId,
      accountId: input.accountId,
      customerId: input.customerId,
      userId: input.issuedBy,
      sendEmail: false,
    });
    return link.payment_link;
  } catch (error) {
    if (error instanceof HttpError && NO_LINK_FOR_ACCOUNT.has(error.code)) return '';
    throw error;
  }
}

/** A body rendered for a preview: `{{payment_link}}` reads as `previewPaymentLink`, and nothing is written. */
export function renderPreviewBody(
  ctx: ServiceContext,
  input: { body: string; bodyType: BodyType; values: MergeValues },
): Promise<string> {
  const values = { ...input.values, payment_link: previewPaymentLink(appUrlOf(ctx.config)) };
  return renderTemplateBodyWithLink(input.body, values, input.bodyType);
}

export async function getMerchantOrNotFound(ctx: ServiceContext, merchantId: string): Promise<MergeMerchant> {
  const merchant = await findMerchant(ctx.db, merchantId);
  if (!merchant) throw notFound();
  return merchant;
}

/**
 * Renders a body for a customer of the merchant and one of their accounts (either another merchant's, or the
 * account not the customer's: 404).
 */
export async function renderBodyForCustomer(
  ctx: ServiceContext,
  input: {
    merchantId: string;
    customerId: string;
    accountId: string;
    body: string;
    bodyType: BodyType;
    /** Values the sender knows better than the account does (the promise a text is about). */
    values?: Partial<MergeValues>;
  } & PaymentLinkMode,
): Promise<RenderedBody> {
  const merchant = await getMerchantOrNotFound(ctx, input.merchantId);
  const customer = await getCustomerRow(ctx.db, input.merchantId, input.customerId);
  const { account } = await getAccountOfCustomer(ctx.db, input.merchantId, customer.id, input.accountId);
  const values = { ...(await loadMergeValues(ctx, merchant, customer, account)), ...input.values };
  const { body, bodyType } = input;
  let rendered: string;
  if (input.linkMode === 'preview') {
    rendered = await renderPreviewBody(ctx, { body, bodyType, values });
  } else {
    const link = { merchantId: merchant.id, accountId: account.id, customerId: customer.id, issuedBy: input.issuedBy };
    rendered = await renderTemplateBodyWithLink(body, values, bodyType, () => issueLinkOrNothing(ctx, link));
  }
  return {
    rendered_body: rendered,
    customer: { id: customer.id, first_name: customer.first_name, last_name: customer.last_name },
  };
}
