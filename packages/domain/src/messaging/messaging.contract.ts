// Messaging (issue 21; SPEC §3 Message, §5 Chat, §7 Messaging and inbox, §8, §9): sending a text to a customer of
// an account, a customer's conversation, and the SMS provider's webhooks.
//
// Rules the server applies beyond these schemas:
// - Sending (`send`): any user of the merchant's inbox. The customer must be on the account (404 otherwise); a
//   customer who opted out of texts → 409 `customer.unsubscribed`; an account in do-not-contact → 409
//   `account.do_not_contact`; no phone number → 400 on `customer`; neither a message nor an attachment → 400 on
//   `message`. Both checks are made again when the job sends. The text is queued (status `queued`) and sent by a
//   job; a person's reply is not held for quiet hours, and the answer says when it is outside the customer's window
//   (`outside_send_window`).
//   With `template`, the message is a template's TEXT body rendered by the server for the customer and account
//   (payment links issued for real; any `message` given is ignored): either a template id (the inbox's template-only
//   composer: one of the merchant's templates, another merchant's → 404, an inactive or hidden one or one without a
//   text → 400 on `template`) or a system type (THANKS: the receipt modal's "Text receipt", issue 21 item 11; a
//   merchant without that template's TEXT body → 400 on `template`).
//   Free typing (SPEC §6 capability: with custom roles super_admin, admin or is_customer_free_text_allowed) is needed
//   for anything else: a user without it who sends a `message` or a `file_url` → 403 (what they may send is a matter
//   of permission, not of a malformed request), so such a user can only send a template.
// - Webhooks (`twilioInbound`, `twilioStatus`): `X-Twilio-Signature` missing → 400, wrong → 403 (checked against
//   PUBLIC_URL + path, never the request's Host); an event already received answers 204 again and does nothing.

import { z } from 'zod';
import { merchantAccess, PUBLIC } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';
import { CHAT_PAGE_SIZE } from '../constants';
import { MESSAGE_STATUSES } from './delivery-errors';

export const MESSAGE_DIRECTIONS = ['outbound', 'inbound'] as const;
export const MESSAGE_KINDS = ['manual', 'automated', 'bulk', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The longest text accepted (Twilio's limit: 1600 characters). */
export const MESSAGE_MAX_LENGTH = 1600;

export const attachmentSchema = z.object({ url: z.string(), type: z.string() });

/** SPEC §3 Message, with the direction and delivery state the chat pane shows. */
export const messageSchema = z.object({
  id: z.uuid(),
  customer_id: z.uuid().nullable(),
  /** Who wrote it: the customer, the user's name, or `system` (keyword answers, automations). */
  sender: z.string(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  body: z.string(),
  language: z.string(),
  translations: z.record(z.string(), z.string()),
  created: z.iso.datetime({ offset: true }),
  attachments: z.array(attachmentSchema),
  status: z.enum(MESSAGE_STATUSES),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  secondary_message: z.string().nullable(),
  /** An inbound reply that reads like an opt-out without a keyword: a person confirms it. */
  flagged_opt_out: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

const uuid = z.uuid({ error: 'Not a valid id' });

/** The system templates a person sends from the money screens: THANKS is the receipt modal's "Text receipt". */
export const TEXTABLE_TEMPLATE_TYPES = ['THANKS'] as const;
export const isTextableTemplateType = (template: string): template is (typeof TEXTABLE_TEMPLATE_TYPES)[number] =>
  (TEXTABLE_TEMPLATE_TYPES as readonly string[]).includes(template);

const NOT_A_TEMPLATE = 'Must be a template id or THANKS';

/** A send from a user without free typing that carries its own words (SPEC §6: they must choose a template). */
export const TEMPLATE_ONLY = "You may only send one of the merchant's templates.";

export const sendMessageSchema = z
  .object({
    customer: uuid,
    message: z
      .string()
      .max(MESSAGE_MAX_LENGTH, { error: `Ensure this field has no more than ${MESSAGE_MAX_LENGTH} characters.` })
      .default(''),
    file_url: z.string().max(2000).nullish(),
    content_type: z.string().max(100).nullish(),
    /** Send this template (its id, or a system type), rendered for the customer and account, instead of `message`. */
    template: z
      .union([z.enum(TEXTABLE_TEMPLATE_TYPES, { error: NOT_A_TEMPLATE }), z.uuid({ error: NOT_A_TEMPLATE })], {
        error: NOT_A_TEMPLATE,
      })
      .optional(),
  })
  .strict();

/** The send answer is keyed by customer id (SPEC §7). */
export const sendMessageResponseSchema = z.record(
  z.string(),
  messageSchema.extend({ outside_send_window: z.boolean() }),
);

export const messageListQuery = z.object({
  page: z.coerce.number<number>().int().min(1, { error: 'Must be at least 1' }).default(1),
  page_size: z.coerce
    .number<number>()
    .int()
    .min(1, { error: 'Must be at least 1' })
    .max(100, { error: 'Must be at most 100' })
    .default(CHAT_PAGE_SIZE),
  search: z.string().max(200).optional(),
});

const tags = ['messaging'];
const read = merchantAccess();

/** Twilio posts form fields; every field is text. */
export const twilioWebhookBody = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export const messagingEndpoints = {
  send: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/accounts/:accountId/send_message/',
    summary:
      'Send a text or a template to a customer of the account (needs an Idempotency-Key); queued and sent by a job',
    tags,
    access: read,
    params: z.object({ id: z.string(), accountId: z.string() }),
    body: sendMessageSchema,
    idempotent: true,
    status: 201,
    response: sendMessageResponseSchema,
    errors: [400, 401, 403, 404, 409, 503],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/customers/:customerId/messages/',
    summary: "A customer's conversation, newest first (page_size 25)",
    tags,
    access: read,
    params: z.object({ id: z.string(), customerId: z.string() }),
    query: messageListQuery,
    status: 200,
    response: z.object({ next: z.string().nullable(), results: z.array(messageSchema) }),
    errors: [400, 401, 403, 404],
  }),
  twilioInbound: defineEndpoint({
    method: 'POST',
    path: '/webhooks/twilio/messages/',
    summary: "Twilio's inbound-message webhook (signed with X-Twilio-Signature)",
    tags: ['webhooks'],
    access: PUBLIC,
    body: twilioWebhookBody,
    status: 204,
    errors: [400, 403],
  }),
  twilioStatus: defineEndpoint({
    method: 'POST',
    path: '/webhooks/twilio/status/',
    summary: "Twilio's delivery-status webhook (signed with X-Twilio-Signature)",
    tags: ['webhooks'],
    access: PUBLIC,
    body: twilioWebhookBody,
    status: 204,
    errors: [400, 403],
  }),
} as const;
