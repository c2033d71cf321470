// The dashboard's message queues (issue 21 item 10; SPEC §2 Dashboard `/customer-replies` and `/missed-messages`,
// §3 Message, §9 page size 25): customers' replies nobody has read yet, and texts that failed or were undelivered.
//
// Rules the server applies beyond these schemas:
// - Customer replies: the merchant's conversations with a customer (unknown senders are left to the inbox, as are
//   removed customers) holding unread replies, the one waiting longest first (`first_unread_created`, then by
//   conversation). `messages` are the latest unread replies (at most UNREAD_PREVIEW_COUNT, newest first). Marking a
//   conversation read is the inbox's `POST …/inbox/:cid/read/`, which takes it off this list.
// - Missed messages: the merchant's outbound texts whose status is `failed` or `undelivered` and that nobody has sent
//   again or dismissed, newest first. `reason` is the plain-words message (SPEC §3 `secondary_message`).
// - Resend (needs an Idempotency-Key): a new text with the same body and attachments, to the customer's number as it
//   is now (the original number for an unknown sender), through the one send path: queued, then consent,
//   do-not-contact and (automated and bulk texts) quiet hours are checked again when the job sends. It is refused
//   with 409 `message.not_resendable` after a permanent error (`resendable` false: a blocked, unknown, landline or
//   invalid number, an opted-out recipient, a carrier filter); 409 `customer.unsubscribed` or
//   `account.do_not_contact` when the customer may not be texted now; 400 when the customer has no number or the
//   merchant none to send from; 409 `message.already_handled` when it was already sent again or dismissed. The
//   original leaves the queue (it records the new text's id); the answer is the new message. The new text, if it
//   fails too, is listed with `resend_of` naming the original.
// - Dismiss: takes the text off the queue without sending it (again: 204); one already sent again → 409
//   `message.already_handled`.
// - A text that is not an outbound failed or undelivered text of this merchant → 404.
// - Access: whoever may read the merchant's inbox (any role on it) sees both queues and dismisses; sending again is
//   sending a text, so it needs what the inbox's send needs (SPEC §6 free-typing chat: with custom roles
//   is_customer_free_text_allowed).

import { z } from 'zod';
import { merchantAccess } from '../access/endpoint-access';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { defineEndpoint } from '../api/endpoint';
import { pageSchema } from '../api/pagination';
import { INBOX_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { MESSAGE_KINDS, messageSchema } from './messaging.contract';

/** How many of a conversation's unread replies the customer-replies list shows. */
export const UNREAD_PREVIEW_COUNT = 3;
/** SPEC §9: both queues page by 25, like the inbox. */
export const MESSAGE_QUEUE_PAGE_SIZE = INBOX_PAGE_SIZE;

export const messageQueueQuery = z.object({
  page: z.coerce.number<number>().int().min(1, { error: 'Must be at least 1' }).default(1),
  page_size: z.coerce
    .number<number>()
    .int()
    .min(1, { error: 'Must be at least 1' })
    .max(MAX_PAGE_SIZE, { error: `Must be at most ${MAX_PAGE_SIZE}` })
    .default(MESSAGE_QUEUE_PAGE_SIZE),
});

export const customerReplySchema = z.object({
  customer_id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  /** The customer's account external id (their primary account's). */
  external_id: z.string().nullable(),
  phone_number: z.string().nullable(),
  unread_messages: z.number().int(),
  /** When the oldest unread reply arrived: the list's order. */
  first_unread_created: z.iso.datetime({ offset: true }),
  /** The latest unread replies, newest first. */
  messages: z.array(
    z.object({
      id: z.uuid(),
      body: z.string(),
      created: z.iso.datetime({ offset: true }),
      attachments: z.number().int(),
    }),
  ),
  /** A reply that reads like an opt-out waits for a person to confirm it. */
  needs_review: z.boolean(),
});
export type CustomerReply = z.infer<typeof customerReplySchema>;

export const missedMessageSchema = z.object({
  id: z.uuid(),
  created: z.iso.datetime({ offset: true }),
  status: z.enum(['failed', 'undelivered']),
  kind: z.enum(MESSAGE_KINDS),
  /** Who sent it: a user's name, or `system`. */
  sender: z.string(),
  customer: z
    .object({ id: z.uuid(), first_name: z.string(), last_name: z.string(), external_id: z.string().nullable() })
    .nullable(),
  /** The number it was sent to. */
  phone_number: z.string().nullable(),
  body: z.string(),
  attachments: z.number().int(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  /** Why it was not delivered, in plain words. */
  reason: z.string(),
  /** Whether the error allows sending it again (not after a permanent error). */
  resendable: z.boolean(),
  /** The text this one was a resend of, when it was. */
  resend_of: z.uuid().nullable(),
});
export type MissedMessage = z.infer<typeof missedMessageSchema>;

const tags = ['messaging'];
const inboxReaders = merchantAccess();
const missedParams = z.object({ id: z.string(), mid: z.string() });

export const messageQueueEndpoints = {
  customerReplies: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/customer_replies/',
    summary: "Conversations with customers' unread replies, the one waiting longest first (page_size 25)",
    tags,
    access: inboxReaders,
    params: z.object({ id: z.string() }),
    query: messageQueueQuery,
    status: 200,
    response: pageSchema(customerReplySchema),
    errors: [400, 401, 403, 404],
  }),
  missedMessages: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/missed_messages/',
    summary: 'Texts that failed or were undelivered and were not sent again or dismissed, newest first (page_size 25)',
    tags,
    access: inboxReaders,
    params: z.object({ id: z.string() }),
    query: messageQueueQuery,
    status: 200,
    response: pageSchema(missedMessageSchema),
    errors: [400, 401, 403, 404],
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/missed_messages/:mid/resend/',
    summary: 'Send a missed text again through the send path (needs an Idempotency-Key); answers the new message',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.freeTypeChat),
    params: missedParams,
    idempotent: true,
    status: 201,
    response: messageSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  dismiss: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/missed_messages/:mid/dismiss/',
    summary: 'Take a missed text off the queue without sending it again',
    tags,
    access: inboxReaders,
    params: missedParams,
    status: 204,
    errors: [401, 403, 404, 409],
  }),
} as const;
