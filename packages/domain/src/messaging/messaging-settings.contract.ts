// A merchant's messaging settings (issue 21 items 1, 3 and 4): the contact its HELP answer gives, the opt-out line
// on collection texts, a narrower sending window for automated and bulk texts, and (super users only) its own
// Twilio account and the numbers it sends from.
//
// Rules the server applies beyond these schemas:
// - Reading and changing the settings: the merchant's administrators (super_admin, admin), like its general
//   settings; staff get 403 (the page holds the merchant's numbers and account setup, not chat work).
// - The Twilio account and the sending numbers: super users only (the numbers are the platform's: a number given
//   to one merchant routes its customers' replies to that merchant). The auth token is sealed at rest and never
//   answered; leaving it out keeps the stored one; an empty account SID clears both (the global account is used).
// - A number is E.164 once stored, unique across merchants (400 on `phone_number`); its location must be one of
//   the merchant's (400 on `location_id`). Removing a number of another merchant → 404.
// - Every change is written to the merchant's activity log (kind `messaging_settings` or `sending_number`).

import { z } from 'zod';
import { merchantAccess, SUPER_USER } from '../access/endpoint-access';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { defineEndpoint } from '../api/endpoint';
import { ERROR_CATALOGUE } from '../errors/catalogue';
import { REQUIRED, maxLengthMessage } from '../validation/messages';
import { phoneField } from '../validation/rules';
import { DEFAULT_SEND_WINDOW } from './quiet-hours';

/** The longest HELP contact kept: the HELP answer is one text (a phone number, an email or a short address). */
export const HELP_CONTACT_MAX_LENGTH = 100;
export const SEND_WINDOW_OUTSIDE = 'Sending window must be within 8:00 AM and 9:00 PM';
export const SEND_WINDOW_ORDER = 'The window must end after it starts';
export const SENDING_NUMBER_TAKEN = ERROR_CATALOGUE['phone_number.duplicate'];
export const LOCATION_UNKNOWN = 'Not a location of this merchant';
export const TWILIO_SID_INVALID = 'An account SID starts with AC followed by 32 letters or digits';

const minuteOfDay = z
  .number({ error: 'Must be a valid number' })
  .int({ error: 'Must be a whole number of minutes' })
  .nullable();

/** The settings a merchant's administrators change. Both window ends null: the default 8 am–9 pm. */
export const messagingSettingsInput = z
  .object({
    help_contact: z
      .string()
      .trim()
      .max(HELP_CONTACT_MAX_LENGTH, { error: maxLengthMessage(HELP_CONTACT_MAX_LENGTH) })
      .nullish()
      .transform((text) => text || null),
    opt_out_line: z.boolean({ error: REQUIRED }),
    window_start_minute: minuteOfDay.default(null),
    window_end_minute: minuteOfDay.default(null),
  })
  .strict()
  .superRefine((value, ctx) => {
    const { window_start_minute: start, window_end_minute: end } = value;
    if (start === null && end === null) return;
    if (start === null) return ctx.addIssue({ code: 'custom', path: ['window_start_minute'], message: REQUIRED });
    if (end === null) return ctx.addIssue({ code: 'custom', path: ['window_end_minute'], message: REQUIRED });
    if (start < DEFAULT_SEND_WINDOW.start || start > DEFAULT_SEND_WINDOW.end) {
      ctx.addIssue({ code: 'custom', path: ['window_start_minute'], message: SEND_WINDOW_OUTSIDE });
    }
    if (end < DEFAULT_SEND_WINDOW.start || end > DEFAULT_SEND_WINDOW.end) {
      ctx.addIssue({ code: 'custom', path: ['window_end_minute'], message: SEND_WINDOW_OUTSIDE });
    } else if (start >= end) {
      ctx.addIssue({ code: 'custom', path: ['window_end_minute'], message: SEND_WINDOW_ORDER });
    }
  });
export type MessagingSettingsInput = z.input<typeof messagingSettingsInput>;

export const sendingNumberSchema = z.object({
  id: z.uuid(),
  phone_number: z.string(),
  location: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type SendingNumber = z.infer<typeof sendingNumberSchema>;

export const messagingSettingsSchema = z.object({
  help_contact: z.string().nullable(),
  opt_out_line: z.boolean(),
  window_start_minute: z.number().int().nullable(),
  window_end_minute: z.number().int().nullable(),
  sending_numbers: z.array(sendingNumberSchema),
  /** The merchant's own Twilio account; null: the global one from configuration. Its token is never answered. */
  twilio: z.object({ account_sid: z.string(), has_auth_token: z.boolean() }).nullable(),
});
export type MessagingSettings = z.infer<typeof messagingSettingsSchema>;

export const twilioAccountInput = z
  .object({
    account_sid: z
      .string({ error: REQUIRED })
      .trim()
      .refine((sid) => sid === '' || /^AC[0-9a-zA-Z]{32}$/.test(sid), { error: TWILIO_SID_INVALID }),
    /** Left out (or blank): the stored token is kept. */
    auth_token: z
      .string()
      .trim()
      .max(200, { error: maxLengthMessage(200) })
      .nullish(),
  })
  .strict();

export const sendingNumberInput = z
  .object({
    phone_number: phoneField(),
    location_id: z.uuid({ error: LOCATION_UNKNOWN }).nullish(),
  })
  .strict();

const tags = ['messaging'];
const admins = merchantAccess(ACCESS_REQUIREMENTS.merchantSettings);
const merchantParams = z.object({ id: z.string() });

export const messagingSettingsEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/messaging_settings/',
    summary: "The merchant's messaging settings, its sending numbers and whether it has its own Twilio account",
    tags,
    access: admins,
    params: merchantParams,
    status: 200,
    response: messagingSettingsSchema,
    errors: [401, 403, 404],
  }),
  replace: defineEndpoint({
    method: 'PUT',
    path: '/merchants/:id/messaging_settings/',
    summary: 'Change the HELP contact, the opt-out line and the sending window',
    tags,
    access: admins,
    params: merchantParams,
    body: messagingSettingsInput,
    status: 200,
    response: messagingSettingsSchema,
    errors: [400, 401, 403, 404],
  }),
  twilio: defineEndpoint({
    method: 'PUT',
    path: '/merchants/:id/messaging_settings/twilio/',
    summary: "Set or clear the merchant's own Twilio account (super users)",
    tags,
    access: SUPER_USER,
    params: merchantParams,
    body: twilioAccountInput,
    status: 200,
    response: messagingSettingsSchema,
    errors: [400, 401, 403, 404],
  }),
  addNumber: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/sending_numbers/',
    summary: 'Give the merchant a number to send texts from, optionally for one location (super users)',
    tags,
    access: SUPER_USER,
    params: merchantParams,
    body: sendingNumberInput,
    status: 201,
    response: sendingNumberSchema,
    errors: [400, 401, 403, 404],
  }),
  removeNumber: defineEndpoint({
    method: 'DELETE',
    path: '/merchants/:id/sending_numbers/:nid/',
    summary: 'Take a sending number from the merchant (super users)',
    tags,
    access: SUPER_USER,
    params: z.object({ id: z.string(), nid: z.string() }),
    status: 204,
    errors: [401, 403, 404],
  }),
} as const;
