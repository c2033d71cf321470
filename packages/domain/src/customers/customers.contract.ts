// Customers of a merchant and their accounts (issue 9; SPEC §2 Customers, §3, §4, §6, §7, §8). Field rules are the
// domain's (validation/rules.ts) with the spec's messages; business-rule messages are the SPEC §8 catalogue's, put
// on the field they concern so forms can show them there.
//
// Rules the server applies beyond these schemas (its answers are listed per endpoint):
// - `date_of_birth` in the future → 400 `{date_of_birth: ['Date of Birth Can Not Be in The Future.']}` (the server's
//   clock decides; forms may use `dateOfBirthField(today)` to check first).
// - `sms_phone_number` already used by another (not removed) customer of the merchant → 400
//   `{sms_phone_number: ['Phone Number is Already in Use.']}`.
// - `external_id` already used by another account of the merchant → 409 `{code: 'account.external_id.clash'}`.
// - A location, tag or customer id of another merchant (or none) → 404.
// - Creating customers of an integrated merchant → 403 with a detail saying so.

import { z } from 'zod';
import { AUTHENTICATED, merchantAccess } from '../access/endpoint-access';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { defineEndpoint } from '../api/endpoint';
import { orderingQuery, pageSchema } from '../api/pagination';
import { AUTOPAY_DUE_DAY_CAP, DEFAULT_LANGUAGE, PHONE_INPUT_MAX_LENGTH, TABLE_DEFAULT_ROWS } from '../constants';
import { isCalendarDate, isDateInRange } from '../dates/calendar';
import { DEVICE_PROVIDERS } from '../integrations/integrations.contract';
import { STATE_INVALID } from '../locations/locations.contract';
import { STATE_CODES } from '../locations/regions';
import { ERROR_CATALOGUE } from '../errors/catalogue';
import {
  DATE_INVALID,
  EMAIL_INVALID,
  NUMBER_INVALID,
  PHONE_INVALID,
  REQUIRED,
  VALUE_INVALID,
  ZIP_INVALID,
  maxLengthMessage,
} from '../validation/messages';
import { checkCalendarDate, dateField, normalizePhoneNumber, requiredString } from '../validation/rules';

// ---------------------------------------------------------------------------------------------------------------
// Constants

/** Account statuses (SPEC §4 shows Active, Pending, Closed, Inactive; do-not-contact blocks messages). */
export const ACCOUNT_STATUSES = ['active', 'pending', 'closed', 'inactive', 'do_not_contact'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** How a customer is tied to an account. */
export const ACCOUNT_CUSTOMER_ROLES = ['primary', 'co_borrower'] as const;
export type AccountCustomerRole = (typeof ACCOUNT_CUSTOMER_ROLES)[number];

/** The consent channels: text messages and email. */
export const CONSENT_CHANNELS = ['sms', 'email'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/** How a consent change came about: a user affirmed it, a CSV import set it, or it was chosen at creation. */
/** `staff`: a person confirmed a customer's reply that read like an opt-out (the inbox's flag). */
export const CONSENT_METHODS = ['staff_affirmed', 'import', 'created', 'sms_keyword', 'staff'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/** Languages a customer can be written to in. */
export const CUSTOMER_LANGUAGES = ['en-US', 'es-US', 'fr-CA'] as const;

/** Lengths the server stores. */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const EXTERNAL_ID_MAX_LENGTH = 100;
export const NOTE_MAX_LENGTH = 2000;
export const ADDRESS_LINE_MAX_LENGTH = 200;
export const CITY_MAX_LENGTH = 100;
export const AFFIRMATION_MAX_LENGTH = 1000;
export const SEARCH_MAX_LENGTH = 200;
/** The list's page sizes (SPEC §9: 50, 75 or 100 rows); any size from 1 to the largest is accepted. */
export const CUSTOMER_PAGE_SIZE_MAX = 100;
/** How many customers `recently_viewed` returns. */
export const RECENTLY_VIEWED_LIMIT = 10;

/**
 * The words a user affirms before changing a customer's opt-in (SPEC §6 Confirmations, "I'm Sure"). The web shows
 * them and sends them as `affirmation`; the server stores the exact text it received in the consent ledger.
 */
export function consentAffirmationText(channel: ConsentChannel, optedIn: boolean): string {
  const what = channel === 'sms' ? 'text messages' : 'emails';
  return optedIn
    ? `I affirm that the customer has given express permission to receive ${what}.`
    : `I affirm that the customer has asked to stop receiving ${what}.`;
}

// ---------------------------------------------------------------------------------------------------------------
// Field rules (no transforms: the wire schema is what OpenAPI says; the server normalises)

/** Trimmed text, required, at most `max` characters. */
const requiredText = (max: number) => requiredString().max(max, { error: maxLengthMessage(max) });

/** An id in a body: any text (an unknown id is a 404, not a 400). */
const idField = () => requiredString().max(64, { error: VALUE_INVALID });

/** Optional email: absent, null or '' means none; otherwise a valid address. */
export function optionalEmailField() {
  return z
    .string({ error: EMAIL_INVALID })
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: maxLengthMessage(EMAIL_MAX_LENGTH) })
    .refine((text) => text === '' || z.regexes.email.test(text), EMAIL_INVALID)
    .nullable()
    .optional();
}

/** Optional US/CA phone: absent, null or '' means none; otherwise as `phoneField` (output E.164). */
export function optionalPhoneField() {
  return z
    .string({ error: PHONE_INVALID })
    .trim()
    .refine(
      (text) => text === '' || (text.length <= PHONE_INPUT_MAX_LENGTH && normalizePhoneNumber(text) !== null),
      PHONE_INVALID,
    )
    .overwrite((text) => (text === '' ? text : (normalizePhoneNumber(text) ?? text)))
    .nullable()
    .optional();
}

/** Optional `YYYY-MM-DD` from 1900 to 2100: absent, null or '' means none. */
export function optionalDateField() {
  return checkCalendarDate(z.string({ error: DATE_INVALID }).trim())
    .nullable()
    .optional();
}

/** A date of birth for forms: as the wire field, and not after `today` (`YYYY-MM-DD`, the merchant's day). */
export function dateOfBirthField(today: string) {
  return optionalDateField().refine(
    (text) => !text || !isDateInRange(text) || text <= today,
    ERROR_CATALOGUE['customer.dob_in_future'],
  );
}

const languageField = () => z.enum(CUSTOMER_LANGUAGES, { error: VALUE_INVALID });

/** Optional trimmed text of at most `max` characters: absent, null or '' means none. */
const optionalText = (max: number) =>
  z
    .string({ error: VALUE_INVALID })
    .trim()
    .max(max, { error: maxLengthMessage(max) })
    .nullable()
    .optional();

const STATE_CODE_SET: ReadonlySet<string> = new Set(STATE_CODES);

/** Optional state of the SPEC §9 list (US states, DC, PR) by its two-letter code, any case (`fl` → `FL`). */
export function optionalStateField() {
  return z
    .string({ error: STATE_INVALID })
    .trim()
    .toUpperCase()
    .refine((text) => text === '' || STATE_CODE_SET.has(text), STATE_INVALID)
    .nullable()
    .optional();
}

const ZIP_PATTERN = /^(\d{5})(?:-?(\d{4}))?$/;

/** Optional US ZIP code, `12345` or ZIP+4 (`12345-6789`, or its nine digits, stored with the dash). */
export function optionalZipField() {
  return z
    .string({ error: ZIP_INVALID })
    .trim()
    .refine((text) => text === '' || ZIP_PATTERN.test(text), ZIP_INVALID)
    .overwrite((text) =>
      text.replace(ZIP_PATTERN, (_, five: string, four?: string) => (four ? `${five}-${four}` : five)),
    )
    .nullable()
    .optional();
}

/** A customer's mailing address: every part optional ('' or null: none); quiet hours read its state first. */
export const customerAddressFields = {
  address_line1: optionalText(ADDRESS_LINE_MAX_LENGTH),
  address_line2: optionalText(ADDRESS_LINE_MAX_LENGTH),
  city: optionalText(CITY_MAX_LENGTH),
  state: optionalStateField(),
  zip: optionalZipField(),
};

/** The address fields, in the order forms show them. */
export const CUSTOMER_ADDRESS_FIELDS = ['address_line1', 'address_line2', 'city', 'state', 'zip'] as const;
export type CustomerAddressField = (typeof CUSTOMER_ADDRESS_FIELDS)[number];

/** Integer cents; missing reads the catalogue's `Amount Due is Required.` */
const amountDueField = () =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? ERROR_CATALOGUE['account.amount_due_required']
          : NUMBER_INVALID,
    })
    .int({ error: 'Must be a whole number of cents' })
    .min(0, { error: NUMBER_INVALID })
    .max(2_147_483_647, { error: NUMBER_INVALID });

/** Integer cents, never negative (`Convenience Fee Can Not be a Negative Value.`). */
const convenienceFeeField = () =>
  z
    .number({ error: NUMBER_INVALID })
    .int({ error: 'Must be a whole number of cents' })
    .min(0, { error: ERROR_CATALOGUE['account.negative_convenience_fee'] })
    .max(2_147_483_647, { error: NUMBER_INVALID });

/** The day of month of a `YYYY-MM-DD`, or null. */
export function dueDay(date: string | null | undefined): number | null {
  return date && isCalendarDate(date) ? Number(date.slice(8, 10)) : null;
}

/** With autopay on, the due date's day must be the 28th or earlier (`account.due_date.autopay_cap`). */
export function breaksAutopayCap(autopay: boolean | undefined, dueDate: string | null | undefined): boolean {
  const day = dueDay(dueDate);
  return autopay === true && day !== null && day > AUTOPAY_DUE_DAY_CAP;
}

function checkAutopayCap(account: { autopay?: boolean; due_date?: string | null }, ctx: z.RefinementCtx) {
  if (breaksAutopayCap(account.autopay, account.due_date)) {
    ctx.addIssue({ code: 'custom', path: ['due_date'], message: ERROR_CATALOGUE['account.due_date.autopay_cap'] });
  }
}

export const customerFields = {
  first_name: requiredText(NAME_MAX_LENGTH),
  last_name: requiredText(NAME_MAX_LENGTH),
  email: optionalEmailField(),
  sms_phone_number: optionalPhoneField(),
  date_of_birth: optionalDateField(),
  language: languageField(),
  location_id: idField(),
  ...customerAddressFields,
};

export const accountFields = {
  external_id: requiredText(EXTERNAL_ID_MAX_LENGTH),
  amount_due_cents: amountDueField(),
  due_date: dateField().nullable().optional(),
  autopay: z.boolean({ error: VALUE_INVALID }),
  convenience_fee_cents: convenienceFeeField(),
  status: z.enum(ACCOUNT_STATUSES, { error: VALUE_INVALID }),
  tag_ids: z.array(idField(), { error: VALUE_INVALID }).max(50, { error: VALUE_INVALID }),
};

/** The first account, created with the customer (its location is the customer's). */
export const newAccountSchema = z
  .object(
    {
      external_id: accountFields.external_id,
      amount_due_cents: accountFields.amount_due_cents,
      due_date: accountFields.due_date,
      autopay: accountFields.autopay.default(false),
      convenience_fee_cents: accountFields.convenience_fee_cents.default(0),
      status: accountFields.status.default('active'),
      tag_ids: accountFields.tag_ids.default([]),
    },
    { error: REQUIRED },
  )
  .superRefine(checkAutopayCap);

/** A customer created inline (as a co-borrower): the customer fields without opt-ins or location. */
export const inlineCustomerSchema = z.object({
  first_name: customerFields.first_name,
  last_name: customerFields.last_name,
  email: customerFields.email,
  sms_phone_number: customerFields.sms_phone_number,
  date_of_birth: customerFields.date_of_birth,
  language: customerFields.language.default(DEFAULT_LANGUAGE),
  ...customerAddressFields,
});

const affirmationField = () =>
  z
    .string({ error: VALUE_INVALID })
    .trim()
    .max(AFFIRMATION_MAX_LENGTH, { error: maxLengthMessage(AFFIRMATION_MAX_LENGTH) })
    .nullable()
    .optional();

/** The customer, its first account and the opt-in choices (without the words affirmed for them). */
const createCustomerFields = {
  ...inlineCustomerSchema.shape,
  location_id: customerFields.location_id,
  account: newAccountSchema,
  text_opt_in: z.boolean({ error: VALUE_INVALID }).default(false),
  email_opt_in: z.boolean({ error: VALUE_INVALID }).default(false),
};

/** An opt-in needs the contact it opts in to. */
function checkOptInContacts(
  input: { text_opt_in: boolean; email_opt_in: boolean; sms_phone_number?: string | null; email?: string | null },
  ctx: z.RefinementCtx,
) {
  if (input.text_opt_in && !input.sms_phone_number) {
    ctx.addIssue({ code: 'custom', path: ['sms_phone_number'], message: REQUIRED });
  }
  if (input.email_opt_in && !input.email) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: REQUIRED });
  }
}

/**
 * The create rules for one customer row, as CSV imports check them: an opt-in set to true needs `affirmation` (an
 * import sets it for the check and records `IMPORT_AFFIRMATION`). POST create uses `createCustomerBodySchema`.
 */
export const createCustomerSchema = z
  .object({ ...createCustomerFields, affirmation: affirmationField() })
  .superRefine((input, ctx) => {
    if ((input.text_opt_in || input.email_opt_in) && !input.affirmation?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['affirmation'], message: REQUIRED });
    }
    checkOptInContacts(input, ctx);
  });

/**
 * POST create: the customer, its first account and the opt-in choices. Each opt-in set to true needs the words the
 * user affirmed for that channel (`consentAffirmationText(channel, true)`), written to that channel's consent ledger
 * row with method `created`.
 */
export const createCustomerBodySchema = z
  .object({
    ...createCustomerFields,
    text_opt_in_affirmation: affirmationField(),
    email_opt_in_affirmation: affirmationField(),
  })
  .superRefine((input, ctx) => {
    if (input.text_opt_in && !input.text_opt_in_affirmation?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['text_opt_in_affirmation'], message: REQUIRED });
    }
    if (input.email_opt_in && !input.email_opt_in_affirmation?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['email_opt_in_affirmation'], message: REQUIRED });
    }
    checkOptInContacts(input, ctx);
  });

/** Why a PATCH naming an opt-in is refused: opt-ins change only with the affirmed words. */
export const OPT_IN_BY_CONSENT_ONLY = 'Opt-ins change through the consent endpoint, with the words affirmed.';

/** PATCH a customer: any of its fields; opt-ins change only through the consent endpoint (naming one is a 400). */
export const customerPatchSchema = z
  .object({
    ...customerFields,
    text_opt_in: z.never({ error: OPT_IN_BY_CONSENT_ONLY }),
    email_opt_in: z.never({ error: OPT_IN_BY_CONSENT_ONLY }),
  })
  .partial();

/** PATCH an account: any of its fields (`tag_ids` replaces the account's tags). */
export const accountPatchSchema = z
  .object({ ...accountFields, location_id: idField() })
  .partial()
  .superRefine(checkAutopayCap);

/** POST consent: turn one channel's opt-in on or off, with the words the user affirmed ("I'm Sure"). */
export const consentChangeSchema = z.object({
  channel: z.enum(CONSENT_CHANNELS, { error: VALUE_INVALID }),
  opted_in: z.boolean({ error: REQUIRED }),
  affirmation: requiredText(AFFIRMATION_MAX_LENGTH),
});

export const noteInputSchema = z.object({ body: requiredText(NOTE_MAX_LENGTH) });

/** Add a co-borrower: an existing customer of the merchant, or a new one (exactly one of the two). */
export const addCoBorrowerSchema = z
  .object({ customer_id: idField().optional(), customer: inlineCustomerSchema.optional() })
  .superRefine((input, ctx) => {
    if ((input.customer_id === undefined) === (input.customer === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['customer_id'], message: REQUIRED });
    }
  });

// ---------------------------------------------------------------------------------------------------------------
// Responses

const timestamp = () => z.iso.datetime({ offset: true });
const calendarDate = () => z.string();

export const namedRefSchema = z.object({ id: z.uuid(), name: z.string() });
export const personRefSchema = z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() });

/** An account as the list shows it. */
export const accountSummarySchema = z.object({
  id: z.uuid(),
  external_id: z.string(),
  /** This customer's place on the account. */
  role: z.enum(ACCOUNT_CUSTOMER_ROLES),
  status: z.enum(ACCOUNT_STATUSES),
  amount_due_cents: z.number().int(),
  due_date: calendarDate().nullable(),
  autopay: z.boolean(),
});

/** A row of the customers lists (per merchant and across merchants). */
export const customerListRowSchema = z.object({
  id: z.uuid(),
  merchant: namedRefSchema,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  sms_phone_number: z.string().nullable(),
  /** The external id of the customer's primary account (its first), or null. */
  external_id: z.string().nullable(),
  location: namedRefSchema,
  accounts: z.array(accountSummarySchema),
  tags: z.array(namedRefSchema),
  text_opt_in: z.boolean(),
  email_opt_in: z.boolean(),
  created: timestamp(),
});

export const accountCustomerSchema = personRefSchema.extend({
  email: z.string().nullable(),
  sms_phone_number: z.string().nullable(),
  role: z.enum(ACCOUNT_CUSTOMER_ROLES),
});

/**
 * What an integrated merchant's system of record (FreshBooks) keeps for a customer and its accounts (the
 * `checkIntegration` refresh writes them): read-only in Paydesk, so an edit is never silently overwritten.
 */
export const FRESHBOOKS_CUSTOMER_FIELDS = ['first_name', 'last_name', 'email', 'sms_phone_number'] as const;
export const FRESHBOOKS_ACCOUNT_FIELDS = ['amount_due_cents'] as const;
export const MANAGED_IN_FRESHBOOKS = 'Managed in FreshBooks';

/** A vehicle device (starter interrupt and GPS) at a device provider. */
export const accountDeviceSchema = z.object({
  provider: z.enum(DEVICE_PROVIDERS),
  device_id: z.string(),
});
export type AccountDevice = z.infer<typeof accountDeviceSchema>;

/** An account with everything the account-details view shows. */
export const accountSchema = z.object({
  id: z.uuid(),
  external_id: z.string(),
  role: z.enum(ACCOUNT_CUSTOMER_ROLES),
  status: z.enum(ACCOUNT_STATUSES),
  amount_due_cents: z.number().int(),
  due_date: calendarDate().nullable(),
  autopay: z.boolean(),
  convenience_fee_cents: z.number().int(),
  location: namedRefSchema,
  tags: z.array(namedRefSchema),
  /** Everyone on the account: the primary customer first, then co-borrowers. */
  customers: z.array(accountCustomerSchema),
  /** The vehicle device linked to the account (by an administrator); commands from the account go to it. */
  device: accountDeviceSchema.nullable(),
  created: timestamp(),
});

/**
 * What `checkIntegration=true` came to for an integrated merchant: `updated` (the customer or an account was
 * refreshed from the merchant's system and the change is in the history), `unchanged`, `not_found` (the system has
 * no client for the account), `not_connected` (the integration is not connected), `failed` (the system could not
 * answer), `recent` (the customer was checked a few minutes ago, at `checked_at`, so it was not asked again) or
 * `rate_limited` (the merchant's request budget with the system is spent for the moment). In every case the
 * response is the customer as stored afterwards; `message` says so in words.
 */
export const INTEGRATION_SYNC_STATUSES = [
  'updated',
  'unchanged',
  'not_found',
  'not_connected',
  'failed',
  'recent',
  'rate_limited',
] as const;
export type IntegrationSyncStatus = (typeof INTEGRATION_SYNC_STATUSES)[number];

export const integrationSyncSchema = z.object({
  status: z.enum(INTEGRATION_SYNC_STATUSES),
  checked_at: timestamp(),
  message: z.string(),
});
export type IntegrationSync = z.infer<typeof integrationSyncSchema>;

export const customerSchema = z.object({
  id: z.uuid(),
  merchant: namedRefSchema.extend({ is_integrated: z.boolean() }),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  sms_phone_number: z.string().nullable(),
  date_of_birth: calendarDate().nullable(),
  language: z.string(),
  /** The mailing address (each part null when not given); `state` is a SPEC §9 state code. */
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  location: namedRefSchema,
  text_opt_in: z.boolean(),
  email_opt_in: z.boolean(),
  /** Removed (voided) customers still open, read-only; lists omit them. */
  removed: z.boolean(),
  removed_at: timestamp().nullable(),
  accounts: z.array(accountSchema),
  created: timestamp(),
  /** Only on GET with `checkIntegration=true` for an integrated merchant's (not removed) customer. */
  integration_sync: integrationSyncSchema.optional(),
});

export const consentEventSchema = z.object({
  id: z.uuid(),
  channel: z.enum(CONSENT_CHANNELS),
  opted_in: z.boolean(),
  method: z.enum(CONSENT_METHODS),
  /** The exact words affirmed; '' for imports. */
  affirmation: z.string(),
  /** Null for system changes and imports. */
  actor: personRefSchema.nullable(),
  created: timestamp(),
});

export const noteSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  author: personRefSchema.nullable(),
  created: timestamp(),
  edited: timestamp().nullable(),
});

/** History kinds written by this feature; payments and messages add their own (the wire type stays a string). */
export const CUSTOMER_EVENT_KINDS = [
  'customer.created',
  'customer.updated',
  'customer.removed',
  'account.created',
  'account.updated',
  'co_borrower.added',
  'co_borrower.removed',
  'note.added',
  'note.edited',
  'note.deleted',
  'consent.changed',
  'integration.synced',
  'device.linked',
  'device.command',
] as const;

export const customerEventSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  account_id: z.uuid().nullable(),
  actor: personRefSchema.nullable(),
  /**
   * The changed fields before and after (null where there is no before, e.g. a creation, or no after). A location is
   * named (`location: {id, name}`, not `location_id`); a consent change carries the words affirmed (`affirmation`).
   */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created: timestamp(),
});

export const recentlyViewedSchema = z.object({
  results: z.array(
    personRefSchema.extend({ external_id: z.string().nullable(), removed: z.boolean(), viewed_at: timestamp() }),
  ),
});

export const accountLocationSchema = z.object({
  merchant_id: z.uuid(),
  customer_id: z.uuid(),
  account_id: z.uuid(),
});

// ---------------------------------------------------------------------------------------------------------------
// Queries and params

/** The keys `ordering` accepts on the customers lists; amount_due, due_date and external_id are the primary account's. */
export const CUSTOMER_SORT_KEYS = [
  'last_name',
  'first_name',
  'created',
  'amount_due',
  'due_date',
  'external_id',
] as const;

const pageQuery = z.object({
  page: z.coerce.number<number>().int().min(1, { error: 'Must be at least 1' }).default(1),
  page_size: z.coerce
    .number<number>()
    .int()
    .min(1, { error: 'Must be at least 1' })
    .max(CUSTOMER_PAGE_SIZE_MAX, { error: `Must be at most ${CUSTOMER_PAGE_SIZE_MAX}` })
    .default(TABLE_DEFAULT_ROWS),
});

/**
 * The list's query. `search` (trimmed by the server) matches first, last or full name, external id and email as
 * text, and the phone number by digits: "(555) 010-2000" finds +15550102000. `status` and `tag` keep customers with
 * an account in that status or carrying that tag.
 */
export const customerListQuery = pageQuery
  .extend({
    search: z
      .string()
      .max(SEARCH_MAX_LENGTH, { error: maxLengthMessage(SEARCH_MAX_LENGTH) })
      .optional(),
    location: z.string().max(64).optional(),
    status: z.enum(ACCOUNT_STATUSES, { error: VALUE_INVALID }).optional(),
    tag: z.string().max(64).optional(),
  })
  .extend(orderingQuery(CUSTOMER_SORT_KEYS, 'last_name').shape);

/** Across merchants: the same, optionally narrowed to one merchant the user works for. */
export const allCustomersListQuery = customerListQuery.extend({ merchant: z.string().max(64).optional() });

/**
 * `checkIntegration=true`: for an integrated merchant, refresh the customer from its system first (FreshBooks: the
 * primary accounts' outstanding balances and the customer's contact, by the account external id = client id). A
 * failure there never fails the read: see `integration_sync`.
 */
export const customerDetailQuery = z.object({ checkIntegration: z.enum(['true', 'false']).optional() });

export const listPageQuery = pageQuery;

export const merchantParams = z.object({ id: z.string() });
export const customerParams = z.object({ id: z.string(), customerId: z.string() });
export const noteParams = customerParams.extend({ noteId: z.string() });

// ---------------------------------------------------------------------------------------------------------------
// Types

export type CustomerListRow = z.infer<typeof customerListRowSchema>;
export type Customer = z.infer<typeof customerSchema>;
export type CustomerAccount = z.infer<typeof accountSchema>;
export type AccountCustomer = z.infer<typeof accountCustomerSchema>;
export type ConsentEvent = z.infer<typeof consentEventSchema>;
export type CustomerNote = z.infer<typeof noteSchema>;
export type CustomerEvent = z.infer<typeof customerEventSchema>;
export type CreateCustomerInput = z.input<typeof createCustomerBodySchema>;
export type ParsedCreateCustomerBody = z.output<typeof createCustomerBodySchema>;
/** One customer row as imports check it (`createCustomerSchema`). */
export type ParsedCreateCustomerInput = z.output<typeof createCustomerSchema>;
export type CustomerPatchInput = z.input<typeof customerPatchSchema>;
export type AccountPatchInput = z.input<typeof accountPatchSchema>;
export type ConsentChangeInput = z.input<typeof consentChangeSchema>;
export type NoteInput = z.input<typeof noteInputSchema>;
export type AddCoBorrowerInput = z.input<typeof addCoBorrowerSchema>;
export type InlineCustomerInput = z.input<typeof inlineCustomerSchema>;
export type CustomerListQuery = z.input<typeof customerListQuery>;

// ---------------------------------------------------------------------------------------------------------------
// Endpoints

const tags = ['customers'];
const read = merchantAccess();
const update = merchantAccess(ACCESS_REQUIREMENTS.customerUpdate);

export const customerEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/customers/',
    summary: 'Customers of a merchant (not removed), searched, filtered and sorted',
    tags,
    access: read,
    params: merchantParams,
    query: customerListQuery,
    status: 200,
    response: pageSchema(customerListRowSchema),
    errors: [400, 401, 403, 404],
  }),
  listAll: defineEndpoint({
    method: 'GET',
    path: '/customers/',
    summary: 'Customers of every merchant the user works for (every merchant for super users)',
    tags,
    access: AUTHENTICATED,
    query: allCustomersListQuery,
    status: 200,
    response: pageSchema(customerListRowSchema),
    errors: [400, 401],
  }),
  recentlyViewed: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/customers/recently_viewed/',
    summary: 'The customers the user opened last at this merchant (at most 10, newest first)',
    tags,
    access: read,
    params: merchantParams,
    status: 200,
    response: recentlyViewedSchema,
    errors: [401, 403, 404],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/customers/',
    summary: 'Create a customer with its first account and opt-in choices (not for integrated merchants)',
    tags,
    access: update,
    params: merchantParams,
    body: createCustomerBodySchema,
    status: 201,
    response: customerSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/customers/:customerId/',
    summary: 'A customer with its accounts, co-borrowers, tags and opt-ins (removed customers too)',
    tags,
    access: read,
    params: customerParams,
    query: customerDetailQuery,
    status: 200,
    response: customerSchema,
    errors: [400, 401, 403, 404],
  }),
  updateLastViewed: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/customers/:customerId/update_last_viewed/',
    summary: 'Record that the user opened this customer (for recently viewed)',
    tags,
    access: read,
    params: customerParams,
    status: 204,
    errors: [401, 403, 404],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/merchants/:id/customers/:customerId/',
    summary: "Change a customer's fields",
    tags,
    access: update,
    params: customerParams,
    body: customerPatchSchema,
    status: 200,
    response: customerSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/merchants/:id/customers/:customerId/',
    summary: 'Void (remove) a customer; its history is kept and it leaves the lists',
    tags,
    access: update,
    params: customerParams,
    status: 204,
    errors: [401, 403, 404],
  }),
  consent: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/customers/:customerId/consent/',
    summary: "The customer's consent ledger, newest first",
    tags,
    access: read,
    params: customerParams,
    query: listPageQuery,
    status: 200,
    response: pageSchema(consentEventSchema),
    errors: [400, 401, 403, 404],
  }),
  changeConsent: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/customers/:customerId/consent/',
    summary: 'Turn text or email opt-in on or off with the affirmed words; written to the consent ledger',
    tags,
    access: update,
    params: customerParams,
    body: consentChangeSchema,
    status: 201,
    response: customerSchema,
    errors: [400, 401, 403, 404],
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/customers/:customerId/history/',
    summary: 'Every change to the customer and its accounts, newest first',
    tags,
    access: read,
    params: customerParams,
    query: listPageQuery,
    status: 200,
    response: pageSchema(customerEventSchema),
    errors: [400, 401, 403, 404],
  }),
  notes: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/customers/:customerId/notes/',
    summary: 'Notes on a customer, newest first',
    tags,
    access: read,
    params: customerParams,
    query: listPageQuery,
    status: 200,
    response: pageSchema(noteSchema),
    errors: [400, 401, 403, 404],
  }),
  addNote: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/customers/:customerId/notes/',
    summary: 'Add a note (any user of the merchant)',
    tags,
    access: read,
    params: customerParams,
    body: noteInputSchema,
    status: 201,
    response: noteSchema,
    errors: [400, 401, 403, 404],
  }),
  editNote: defineEndpoint({
    method: 'PATCH',
    path: '/merchants/:id/customers/:customerId/notes/:noteId/',
    summary: 'Edit a note: its author, or an administrator (noteUpdate: is_note_update_allowed with custom roles)',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.noteUpdate),
    params: noteParams,
    body: noteInputSchema,
    status: 200,
    response: noteSchema,
    errors: [400, 401, 403, 404],
  }),
  deleteNote: defineEndpoint({
    method: 'DELETE',
    path: '/merchants/:id/customers/:customerId/notes/:noteId/',
    summary: 'Delete a note: its author, or an administrator (noteUpdate); the history keeps its text',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.noteUpdate),
    params: noteParams,
    status: 204,
    errors: [401, 403, 404],
  }),
} as const;
