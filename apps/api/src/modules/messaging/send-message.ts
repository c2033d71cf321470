import {
  isTextableTemplateType,
  TEMPLATE_ONLY,
  type sendMessageSchema,
} from '@paydesk/domain/messaging/messaging.contract';
import { isInsideSendWindow } from '@paydesk/domain/messaging/quiet-hours';
import type { z } from 'zod';
import { CatalogueError, FieldErrors, HttpError } from '../../lib/http-errors';
import { withTransaction, type ProviderContext } from '../../lib/service-context';
import { getAccountOfCustomer, getCustomerRow, type MerchantRef } from '../customers/customers.public';
import { renderSendableTemplate, renderSystemTemplateForCustomer } from '../message-templates/message-templates.public';
import { storedMediaOf } from './media-links';
import { mediaUrl } from './media-store';
import { refusalToText } from './may-text';
import { toMessageDto } from './message-view';
import { queueMessage } from './queue-message';
import { readMedia } from './read-media';
import { sendingNumberFor, settingsOf } from './sending-numbers';

const NO_PHONE = 'The customer has no phone number for texts.';
const EMPTY = 'Enter a message or attach a file.';
const NO_NUMBER = 'This merchant has no number to send texts from.';
const NO_TEMPLATE = 'This merchant has no text for this template.';
const UNKNOWN_FILE = 'Attach a file uploaded here first.';

/**
 * A person's text to a customer of an account, from the inbox (issue 21): checked (customer on the account, a
 * phone number, consent, do-not-contact), then queued for the send job. A person's reply is not held for quiet
 * hours; the answer says whether it is outside the customer's window, so the composer can warn. A template (its id,
 * or a system type) is rendered here, never taken from the client; a user without free typing (SPEC §6) may send
 * nothing else.
 */
export async function sendMessage(
  ctx: ProviderContext,
  input: {
    merchant: MerchantRef;
    accountId: string;
    user: { id: string; name: string };
    /** SPEC §6 free-typing chat; without it only a template may be sent. */
    mayFreeType: boolean;
    body: z.output<typeof sendMessageSchema>;
  },
) {
  const { merchant, body } = input;
  if (!input.mayFreeType && (!body.template || body.message.trim() || body.file_url)) {
    throw new HttpError('permission_denied', TEMPLATE_ONLY);
  }
  const customer = await getCustomerRow(ctx.db, merchant.id, body.customer);
  await getAccountOfCustomer(ctx.db, merchant.id, customer.id, input.accountId);
  const phone = customer.sms_phone_number;
  if (!phone) throw FieldErrors.of('customer', NO_PHONE);
  const refusal = await refusalToText(ctx.db, customer.id, input.accountId);
  if (refusal) throw new CatalogueError(refusal);
  let draft = body.message.trim();
  if (!body.template && !draft && !body.file_url) throw FieldErrors.of('message', EMPTY);
  const attachment = body.file_url ? await uploadedAttachment(ctx, merchant.id, body.file_url) : null;
  if (!(await sendingNumberFor(ctx.db, merchant.id, customer.location_id))) {
    throw FieldErrors.of('non_field_errors', NO_NUMBER);
  }
  // One transaction: a payment link the template issues (voiding the account's earlier one) stands only if the
  // text that carries it is queued.
  const row = await withTransaction(ctx, async (tx) => {
    if (body.template) {
      const target = {
        merchantId: merchant.id,
        customerId: customer.id,
        accountId: input.accountId,
        linkMode: 'issue',
        issuedBy: input.user.id,
      } as const;
      const rendered = isTextableTemplateType(body.template)
        ? await renderSystemTemplateForCustomer(tx, { ...target, type: body.template })
        : await renderSendableTemplate(tx, { ...target, templateId: body.template });
      if (!rendered?.trim()) throw FieldErrors.of('template', NO_TEMPLATE);
      draft = rendered.trim();
    }
    return queueMessage(tx, {
      merchantId: merchant.id,
      customerId: customer.id,
      accountId: input.accountId,
      to: phone,
      body: draft,
      attachments: attachment ? [attachment] : [],
      kind: 'manual',
      sender: input.user.name,
      senderUserId: input.user.id,
    });
  });
  const settings = await settingsOf(ctx.db, merchant.id);
  const inside = isInsideSendWindow(
    ctx.clock(),
    { addressState: customer.state, phone, merchantTimeZone: merchant.timezone },
    windowOf(settings),
  );
  return { [customer.id]: { ...toMessageDto(row, ctx), outside_send_window: !inside } };
}

/**
 * The attachment of a text: only a file uploaded for this merchant (upload_media's media_path), so its content was
 * checked and its type is the stored one; a signed link to it is given out later, never to another merchant's file.
 */
async function uploadedAttachment(ctx: ProviderContext, merchantId: string, fileUrl: string) {
  const stored = storedMediaOf(fileUrl);
  if (!stored || stored.merchantId !== merchantId) throw FieldErrors.of('file_url', UNKNOWN_FILE);
  try {
    const media = await readMedia(ctx, merchantId, stored.mediaId);
    return { url: mediaUrl(merchantId, stored.mediaId), type: media.type };
  } catch (error) {
    // A store that cannot be reached is its own answer (503), not an unknown file.
    if (error instanceof HttpError && error.code === 'not_found') throw FieldErrors.of('file_url', UNKNOWN_FILE);
    throw error;
  }
}

export function windowOf(settings: { window_start_minute: number | null; window_end_minute: number | null } | null) {
  if (settings?.window_start_minute == null || settings.window_end_minute == null) return null;
  return { start: settings.window_start_minute, end: settings.window_end_minute };
}
