// The live inbox (issue 21; SPEC §2 Inbox, §3 Inbox entry, §5 Chat and the inbox location filter, §7 Messaging and
// inbox, §9): the conversation list, one entry, marking a conversation read, chat attachments, and the compose
// picker's customer accounts.
//
// Rules the server applies beyond these schemas:
// - The list is newest conversation first (then by id). Conversations from numbers no customer has ("unknown
//   sender") are in it with `customer_id` null and their `phone_number`; a `location` filter keeps only customers
//   of that location (unknown senders have none, so they are left out of a filtered list). Removed customers are
//   left out.
// - `search` has parentheses, dashes, plus signs and spaces stripped for the phone match; it matches names, email,
//   external ids (case-insensitive) and phone digits.
// - A customer of another merchant (or none) → 404. A customer without a conversation yet has an empty entry.
// - `templates` (SPEC §6: a user without free typing must choose a template, and the template pages, with their
//   list and render, need template access, which such a user may not have): any user of the inbox. The merchant's
//   active, visible templates with a text body, by name, each with its TEXT body rendered for the customer and the
//   `account` (a preview: `{{payment_link}}` reads as a sample; sending issues the real one). The account must be
//   the customer's (404 otherwise).
// - `upload_media`: multipart field `file`, an image (PNG, JPEG, GIF, WebP, BMP, TIFF, HEIC) or a PDF by its content
//   (the declared type is not trusted), at most ATTACHMENT_MAX_BYTES → else 400 on `file`.
// - Attachments are answered (in messages) as `/api/media/<merchant>/<media>/?expires=…&signature=…` links a
//   browser can open without the bearer token; the SMS provider gets the same kind, absolute from PUBLIC_URL.
// - `read` with `through_message` (the newest message the user saw, of this conversation, else 400) leaves the
//   replies after it unread (a reply that arrived while the page was open is not read unseen); without it, all are.
// - `opt_out_flag` (customer editors: it changes consent): `confirm` opts the customer out of texts (consent
//   ledger, method `staff`, the flagged words) and clears the flag; `dismiss` clears it. No flag → 400.

import { z } from 'zod';
import { merchantAccess, PUBLIC } from '../access/endpoint-access';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { defineEndpoint } from '../api/endpoint';
import { ATTACHMENT_MAX_BYTES, INBOX_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { REQUIRED } from '../validation/messages';

/** SPEC §5 Chat: the message for a file over ATTACHMENT_MAX_BYTES. */
export const ATTACHMENT_TOO_LARGE = 'File must be less than 1mb in size';
/** An attachment that is not an image or a PDF (SPEC §5 Chat: accepted types are images and PDF). */
export const ATTACHMENT_WRONG_TYPE = 'Only images and PDF files can be attached.';
export const ATTACHMENT_REQUIRED = 'No file was submitted.';
/** The request body allowed for an upload: room for a file just over the limit, so it gets the SPEC's message. */
export const UPLOAD_BODY_LIMIT = 4 * ATTACHMENT_MAX_BYTES;

/** Search strips these before matching phone digits (SPEC §7). */
export const stripInboxSearch = (text: string) => text.replace(/[()\-+\s]/g, '');

const uuid = z.uuid({ error: 'Not a valid id' });
const page = z.coerce.number<number>().int().min(1, { error: 'Must be at least 1' }).default(1);
const pageSize = z.coerce
  .number<number>()
  .int()
  .min(1, { error: 'Must be at least 1' })
  .max(MAX_PAGE_SIZE, { error: `Must be at most ${MAX_PAGE_SIZE}` })
  .default(INBOX_PAGE_SIZE);

/** SPEC §3 Inbox entry, with the unknown sender's number and the opt-out review flag. */
export const inboxEntrySchema = z.object({
  customer_id: z.uuid().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  external_id: z.string().nullable(),
  /** The customer's number, or the unknown sender's. */
  phone_number: z.string().nullable(),
  last_message_body: z.string(),
  last_message_created: z.iso.datetime({ offset: true }).nullable(),
  unread_messages: z.number().int(),
  /** A reply that reads like an opt-out waits for a person. */
  needs_review: z.boolean(),
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;

export const inboxListQuery = z.object({
  page,
  page_size: pageSize,
  search: z.string().max(200, { error: 'Ensure this field has no more than 200 characters.' }).optional(),
  /** A location of the merchant; absent (or `all`, SPEC §9 default) for every location. */
  location: z.union([z.literal('all'), uuid]).optional(),
});

export const customerAccountsBody = z
  .object({
    search: z.string().max(200, { error: 'Ensure this field has no more than 200 characters.' }).optional(),
    location: z.union([z.literal('all'), uuid]).nullish(),
    page,
    page_size: pageSize,
  })
  .strict();

export const customerAccountSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  customer: z.object({ id: z.uuid(), email: z.string().nullable(), sms_phone_number: z.string().nullable() }),
  account: z.object({ id: z.uuid(), external_id: z.string() }),
});
export type CustomerAccount = z.infer<typeof customerAccountSchema>;

/** A `through_message` that is not one of this conversation's messages. */
export const THROUGH_MESSAGE_UNKNOWN = 'Not a message of this conversation';
/**
 * What the user has seen: the newest message shown (any direction). Replies after it stay unread. Without it (older
 * clients) every reply is read.
 */
export const markReadBody = z
  .object({ through_message: z.uuid({ error: THROUGH_MESSAGE_UNKNOWN }).optional() })
  .strict()
  .nullish();

export const OPT_OUT_FLAG_ACTIONS = ['confirm', 'dismiss'] as const;
export const NO_OPT_OUT_FLAG = 'This conversation has no reply waiting for review.';
export const optOutFlagReviewBody = z
  .object({ action: z.enum(OPT_OUT_FLAG_ACTIONS, { error: 'Must be confirm or dismiss' }) })
  .strict();
export const inboxTemplatesQuery = z.object({
  /** The account the text is about (one of the customer's). */
  account: z.uuid({ error: (issue) => (issue.input === undefined ? REQUIRED : 'Not a valid id') }),
});

/** A template the inbox composer offers, with its text for this customer and account. */
export const inboxTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string(),
  /** The TEXT body rendered for the customer and account, as a preview. */
  preview: z.string(),
});
export type InboxTemplate = z.infer<typeof inboxTemplateSchema>;

const tags = ['messaging'];
const read = merchantAccess();
const customerParams = z.object({ id: z.string(), cid: z.string() });

export const inboxEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/inbox/',
    summary: 'Conversations, newest first (page_size 25), searched and filtered by location',
    tags,
    access: read,
    params: z.object({ id: z.string() }),
    query: inboxListQuery,
    status: 200,
    response: z.object({ next: z.string().nullable(), results: z.array(inboxEntrySchema) }),
    errors: [400, 401, 403, 404],
  }),
  retrieve: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/inbox/:cid/',
    summary: "A customer's inbox entry",
    tags,
    access: read,
    params: customerParams,
    status: 200,
    response: inboxEntrySchema,
    errors: [401, 403, 404],
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/inbox/:cid/read/',
    summary: "Marks the customer's messages read (up to `through_message`, the newest one seen); answers the entry",
    tags,
    access: read,
    params: customerParams,
    body: markReadBody,
    status: 200,
    response: inboxEntrySchema,
    errors: [400, 401, 403, 404],
  }),
  templates: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/inbox/:cid/templates/',
    summary: "The merchant's active templates with their text rendered for the customer and account (a preview)",
    tags,
    access: read,
    params: customerParams,
    query: inboxTemplatesQuery,
    status: 200,
    response: z.object({ results: z.array(inboxTemplateSchema) }),
    errors: [400, 401, 403, 404],
  }),
  uploadMedia: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/upload_media/',
    summary: 'Stores a chat attachment (multipart `file`: an image or PDF up to 1 MB); answers its media_path',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.freeTypeChat),
    params: z.object({ id: z.string() }),
    bodyLimit: UPLOAD_BODY_LIMIT,
    status: 201,
    response: z.object({ media_path: z.string() }),
    errors: [400, 401, 403, 404, 503],
  }),
  media: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/message_media/:mediaId/',
    summary: 'A stored attachment (uploaded, or received by MMS), as its content type',
    tags,
    access: read,
    params: z.object({ id: z.string(), mediaId: z.string() }),
    status: 200,
    response: z.any().describe('The file'),
    errors: [401, 403, 404, 503],
  }),
  signedMedia: defineEndpoint({
    method: 'GET',
    path: '/media/:merchant/:media/',
    summary:
      'A stored attachment by an expiring signed link (for the SMS provider and the browser); bad or expired → 403',
    tags,
    access: PUBLIC,
    params: z.object({ merchant: z.string(), media: z.string() }),
    query: z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() }),
    status: 200,
    response: z.any().describe('The file'),
    errors: [403, 404, 503],
  }),
  reviewOptOutFlag: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/inbox/:cid/opt_out_flag/',
    summary:
      'Confirm (the customer is opted out of texts, method `staff`) or dismiss a reply flagged as reading like an opt-out',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.customerUpdate),
    params: customerParams,
    body: optOutFlagReviewBody,
    status: 200,
    response: inboxEntrySchema,
    errors: [400, 401, 403, 404],
  }),
  customerAccounts: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/customer_accounts/',
    summary: "The merchant's customer accounts for the compose picker (page_size 25), searched",
    tags,
    access: read,
    params: z.object({ id: z.string() }),
    body: customerAccountsBody,
    status: 200,
    response: z.object({ next: z.string().nullable(), results: z.array(customerAccountSchema) }),
    errors: [400, 401, 403, 404],
  }),
} as const;
