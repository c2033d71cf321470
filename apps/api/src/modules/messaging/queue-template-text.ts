import { ERROR_CATALOGUE } from '@paydesk/domain/errors/catalogue';
import type { MergeValues } from '@paydesk/domain/message-templates/merge-fields';
import { templateTypeDisplayName, type SystemTemplateType } from '@paydesk/domain/message-templates/template-types';
import { HttpError } from '../../lib/http-errors';
import type { TransactionContext } from '../../lib/service-context';
import { getCustomerRow, recordCustomerEvent } from '../customers/customers.public';
import { renderSystemTemplateForCustomer } from '../message-templates/message-templates.public';
import { refusalToText } from './may-text';
import { queueMessage } from './queue-message';
import { sendingNumberFor } from './sending-numbers';

export type TemplateText = {
  merchantId: string;
  customerId: string;
  accountId: string;
  type: SystemTemplateType;
  /** What the text is about, unique per outcome (`scheduled_payment:{id}:paid`): with the type, the text's key. */
  outcomeKey: string;
  /** Merge values the account does not hold (the promise the text is about). */
  values?: Partial<MergeValues>;
};

export type TemplateTextResult = { queued: true; messageId: string } | { queued: false; reason: string };

/**
 * An automated text from the merchant's active template of a system type (money outcomes: PAYMENT_SCHEDULED,
 * THANKS, PAYMENT_FAILED, AUTOPAY_DISABLED…), rendered by the shared render code for the customer and account and
 * queued on the one send path, in the caller's transaction: only the queued row and its job are written, the send
 * job checks consent, do-not-contact and quiet hours again and calls the provider. One text per outcome and type
 * (the message's idempotency key). When no text can go (no active template with a text body, no phone number, opted
 * out, do-not-contact, no sending number, no payment link for a body that needs one) the customer's history says so.
 */
export async function queueTemplateText(tx: TransactionContext, text: TemplateText): Promise<TemplateTextResult> {
  const result = await queueOrSayWhyNot(tx, text);
  if (!result.queued) {
    await recordCustomerEvent(tx, {
      merchantId: text.merchantId,
      customerId: text.customerId,
      accountId: text.accountId,
      kind: 'message.not_sent',
      actor: null,
      after: { template: templateTypeDisplayName(text.type), reason: result.reason },
    });
  }
  return result;
}

async function queueOrSayWhyNot(tx: TransactionContext, text: TemplateText): Promise<TemplateTextResult> {
  const customer = await getCustomerRow(tx.db, text.merchantId, text.customerId).catch(() => null);
  if (!customer) return { queued: false, reason: 'The customer was removed.' };
  if (!customer.sms_phone_number) return { queued: false, reason: 'The customer has no phone number for texts.' };
  const refusal = await refusalToText(tx.db, customer.id, text.accountId);
  if (refusal) return { queued: false, reason: ERROR_CATALOGUE[refusal] };
  if (!(await sendingNumberFor(tx.db, text.merchantId, customer.location_id))) {
    return { queued: false, reason: 'The merchant has no number to send texts from.' };
  }
  // A body whose payment link cannot be issued now renders without it (render-body.ts); a refusal of another kind
  // (too many links issued) means no text, said in the history.
  let body: string | null;
  try {
    body = await renderSystemTemplateForCustomer(tx, {
      merchantId: text.merchantId,
      customerId: customer.id,
      accountId: text.accountId,
      type: text.type,
      ...(text.values ? { values: text.values } : {}),
      linkMode: 'issue',
      issuedBy: null,
    });
  } catch (error) {
    if (error instanceof HttpError) return { queued: false, reason: error.detail };
    throw error;
  }
  if (!body?.trim()) {
    return {
      queued: false,
      reason: `The merchant has no active ${templateTypeDisplayName(text.type)} template with a text body.`,
    };
  }
  const row = await queueMessage(tx, {
    merchantId: text.merchantId,
    customerId: customer.id,
    accountId: text.accountId,
    to: customer.sms_phone_number,
    body: body.trim(),
    kind: 'automated',
    sender: 'system',
    collection: true,
    idempotencyKey: `${text.type}:${text.outcomeKey}`,
  });
  return { queued: true, messageId: row.id };
}
