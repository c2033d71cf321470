// Customer CSV import (issue 9; SPEC §2 /merchants/:merchantID/customers/import, §6 customer import access). The web
// reads the CSV (papaparse), the user maps its columns to import fields, the same row rules run in the browser
// (preview) and in the server's background job (`checkImportRow`, built on `createCustomerSchema`). Rows that pass
// are created, or updated when the merchant already has an account with their external id; rows that fail are kept
// with their reason for the report.

import { z } from 'zod';
import { merchantAccess } from '../access/endpoint-access';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { defineEndpoint } from '../api/endpoint';
import { pageSchema, paginationQuery } from '../api/pagination';
import { DEFAULT_LANGUAGE } from '../constants';
import { isCalendarDate } from '../dates/calendar';
import { parseCentsFromDollars } from '../format/money';
import { NUMBER_INVALID, REQUIRED, VALUE_INVALID, maxLengthMessage } from '../validation/messages';
import { requiredString } from '../validation/rules';
import {
  ACCOUNT_STATUSES,
  AFFIRMATION_MAX_LENGTH,
  CONSENT_CHANNELS,
  CUSTOMER_LANGUAGES,
  consentAffirmationText,
  createCustomerSchema,
  type AccountStatus,
  type ConsentChannel,
  type ParsedCreateCustomerInput,
} from './customers.contract';

// ---------------------------------------------------------------------------------------------------------------
// Fields and limits

/** What a CSV column can be mapped to. */
export const IMPORT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'sms_phone_number',
  'external_id',
  'amount_due',
  'due_date',
  'autopay',
  'convenience_fee',
  'status',
  'location',
  'tags',
  'language',
  'text_opt_in',
  'email_opt_in',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'zip',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  sms_phone_number: 'Phone',
  external_id: 'External ID',
  amount_due: 'Amount due',
  due_date: 'Due date',
  autopay: 'Autopay',
  convenience_fee: 'Convenience fee',
  status: 'Status',
  location: 'Location (by name)',
  tags: 'Tags (by name)',
  language: 'Language',
  text_opt_in: 'Text opt-in',
  email_opt_in: 'Email opt-in',
  address_line1: 'Address line 1',
  address_line2: 'Address line 2',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
};

/** The fields every import must map a column to. */
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ['first_name', 'last_name', 'external_id', 'amount_due'];

/** The largest file accepted (bytes of CSV text) and the most rows. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_FILE_NAME_MAX_LENGTH = 255;
/** A header longer than this is not a CSV column name. */
export const IMPORT_COLUMN_MAX_LENGTH = 200;

export const IMPORT_TOO_LARGE = 'The file is larger than 20 MB. Split it into smaller files and import each.';
export const IMPORT_TOO_MANY_ROWS = 'The file has more than 100,000 rows. Split it into smaller files and import each.';
export const IMPORT_EMPTY = 'The file has no rows to import.';
export const IMPORT_NOT_CSV = 'The file is not a CSV file (comma-separated text with a header row).';
export const IMPORT_COLUMN_MISSING = 'The file has no such column.';
export const LOCATION_UNKNOWN = 'No location of this merchant has this name.';
export const TAG_UNKNOWN = 'No tag of this merchant has this name';

/** Tags in a cell are separated by commas, semicolons or vertical bars. */
export const TAG_SEPARATOR = /[,;|]/;

// ---------------------------------------------------------------------------------------------------------------
// Mapping: import field → CSV column header (absent or null: not imported)

const columnName = () =>
  z
    .string({ error: VALUE_INVALID })
    .max(IMPORT_COLUMN_MAX_LENGTH, { error: maxLengthMessage(IMPORT_COLUMN_MAX_LENGTH) })
    .nullable()
    .optional();

export const importMappingSchema = z.object(
  Object.fromEntries(IMPORT_FIELDS.map((field) => [field, columnName()])) as Record<
    ImportField,
    ReturnType<typeof columnName>
  >,
);
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** The mapping's problems: required fields left unmapped, a column mapped twice, a column the file lacks. */
export function mappingErrors(
  mapping: ImportMapping,
  columns: readonly string[],
): Partial<Record<ImportField, string>> {
  const errors: Partial<Record<ImportField, string>> = {};
  const seen = new Map<string, ImportField>();
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (!column) {
      if (REQUIRED_IMPORT_FIELDS.includes(field)) errors[field] = REQUIRED;
      continue;
    }
    if (!columns.includes(column)) errors[field] = IMPORT_COLUMN_MISSING;
    else if (seen.has(column))
      errors[field] = `Column "${column}" is already mapped to ${IMPORT_FIELD_LABELS[seen.get(column) as ImportField]}`;
    else seen.set(column, field);
  }
  return errors;
}

/** A first guess at the mapping from the headers' names ("First Name", "first_name", "Phone", …). */
export function guessMapping(columns: readonly string[]): ImportMapping {
  // Letters and digits only: "Address Line 1" → addressline1.
  const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const aliases: Record<ImportField, string[]> = {
    first_name: ['firstname', 'first', 'givenname'],
    last_name: ['lastname', 'last', 'surname', 'familyname'],
    email: ['email', 'emailaddress'],
    sms_phone_number: ['phone', 'phonenumber', 'smsphonenumber', 'mobile', 'cell'],
    external_id: ['externalid', 'accountid', 'accountnumber', 'account', 'loanid'],
    amount_due: ['amountdue', 'amount', 'balance'],
    due_date: ['duedate'],
    autopay: ['autopay'],
    convenience_fee: ['conveniencefee', 'fee'],
    status: ['status', 'accountstatus'],
    location: ['location', 'locationname', 'branch'],
    tags: ['tags', 'tag'],
    language: ['language', 'lang'],
    text_opt_in: ['textoptin', 'smsoptin'],
    email_opt_in: ['emailoptin'],
    address_line1: ['addressline1', 'address1', 'address', 'street', 'streetaddress', 'mailingaddress'],
    address_line2: ['addressline2', 'address2', 'apt', 'suite', 'unit'],
    city: ['city', 'town'],
    state: ['state', 'st', 'province'],
    zip: ['zip', 'zipcode', 'postalcode', 'postcode'],
  };
  const mapping: ImportMapping = {};
  const used = new Set<string>();
  for (const field of IMPORT_FIELDS) {
    const column = columns.find((name) => !used.has(name) && aliases[field].includes(squash(name)));
    if (column !== undefined) {
      mapping[field] = column;
      used.add(column);
    }
  }
  return mapping;
}

// ---------------------------------------------------------------------------------------------------------------
// Rows

/** A CSV row's cells read through the mapping, trimmed ('' where unmapped). */
export type ImportRecord = Record<ImportField, string>;

export function recordOf(cells: Readonly<Record<string, string | undefined>>, mapping: ImportMapping): ImportRecord {
  return Object.fromEntries(
    IMPORT_FIELDS.map((field) => {
      const column = mapping[field];
      return [field, column ? (cells[column] ?? '').trim() : ''];
    }),
  ) as ImportRecord;
}

/**
 * The fields a blank mapped cell clears when the import says "blank clears" (to the create default: no email, no
 * phone, no due date, no tags, autopay and opt-ins off, no fee, active, the default language, no address). The required fields
 * and the location are never cleared: a blank there is an error (required fields) or leaves the location.
 */
export const CLEARABLE_IMPORT_FIELDS: readonly ImportField[] = [
  'email',
  'sms_phone_number',
  'due_date',
  'autopay',
  'convenience_fee',
  'status',
  'tags',
  'language',
  'text_opt_in',
  'email_opt_in',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'zip',
];

/**
 * What a row sets on an account the merchant already has (and its primary customer): the mapped fields with a value
 * in the row, and, when blank clears, the clearable ones left blank. Every other field stays as it is. A new
 * account gets the create defaults for what the row does not set.
 */
export function fieldsSetByRow(record: ImportRecord, mapping: ImportMapping, blankClears: boolean): ImportField[] {
  return IMPORT_FIELDS.filter(
    (field) =>
      Boolean(mapping[field]) && (record[field] !== '' || (blankClears && CLEARABLE_IMPORT_FIELDS.includes(field))),
  );
}

/** `YYYY-MM-DD`, or `M/D/YYYY` (the app's display format) turned into `YYYY-MM-DD`; anything else as given. */
export function importDate(text: string): string {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!match) return text;
  const [, month = '', day = '', year = ''] = match;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

const TRUE_WORDS = ['true', 'yes', 'y', '1', 'on'];
const FALSE_WORDS = ['false', 'no', 'n', '0', 'off', ''];

function importBoolean(text: string): boolean | null {
  const word = text.toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  return null;
}

/**
 * The contacts an opt-in needs and the customer would lack: a text opt-in without a phone number, an email opt-in
 * without an email, by the values written (the row's, or the customer's where the row leaves them).
 */
export function optInContactsMissing(customer: {
  text_opt_in: boolean;
  email_opt_in: boolean;
  sms_phone_number?: string | null;
  email?: string | null;
}): Partial<Record<'sms_phone_number' | 'email', string>> {
  return {
    ...(customer.text_opt_in && !customer.sms_phone_number ? { sms_phone_number: REQUIRED } : {}),
    ...(customer.email_opt_in && !customer.email ? { email: REQUIRED } : {}),
  };
}

/** The channels a row opts in to (its opt-in cell says yes): each needs the importing user's affirmation. */
export function optInChannelsOf(record: ImportRecord): ConsentChannel[] {
  const cells: Record<ConsentChannel, string> = { sms: record.text_opt_in, email: record.email_opt_in };
  return CONSENT_CHANNELS.filter((channel) => importBoolean(cells[channel]) === true);
}

function importStatus(text: string): AccountStatus | null {
  if (text === '') return 'active';
  const key = text.toLowerCase().replace(/[\s-]+/g, '_');
  return (ACCOUNT_STATUSES as readonly string[]).includes(key) ? (key as AccountStatus) : null;
}

function importLanguage(text: string): string | null {
  if (text === '') return DEFAULT_LANGUAGE;
  return CUSTOMER_LANGUAGES.find((language) => language.toLowerCase() === text.toLowerCase()) ?? null;
}

export function importTagNames(text: string): string[] {
  return [
    ...new Set(
      text
        .split(TAG_SEPARATOR)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

/** A row that passed: the create input (its `location_id` and `tag_ids` still to resolve from the names). */
export type CheckedImportRow = {
  input: ParsedCreateCustomerInput;
  locationName: string;
  tagNames: string[];
};

export type ImportRowCheck =
  { ok: true; row: CheckedImportRow } | { ok: false; errors: Partial<Record<ImportField, string>> };

/** Where `createCustomerSchema` reports an issue, as an import field. */
const FIELD_OF_PATH: Record<string, ImportField> = {
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  sms_phone_number: 'sms_phone_number',
  language: 'language',
  'account.external_id': 'external_id',
  'account.amount_due_cents': 'amount_due',
  'account.due_date': 'due_date',
  'account.autopay': 'autopay',
  'account.convenience_fee_cents': 'convenience_fee',
  'account.status': 'status',
  text_opt_in: 'text_opt_in',
  email_opt_in: 'email_opt_in',
  address_line1: 'address_line1',
  address_line2: 'address_line2',
  city: 'city',
  state: 'state',
  zip: 'zip',
};

/**
 * The words kept in the consent ledger for an opt-in an import turns off (no words are affirmed for that); an
 * opt-in turned on records the words the importing user affirmed for the file.
 */
export const IMPORT_AFFIRMATION = '';

/**
 * Checks one row with the customer create rules (`createCustomerSchema`, the spec's messages). Text cells become
 * values first: amounts in dollars (`$1,234.56`) become cents, `MM/DD/YYYY` dates `YYYY-MM-DD`, yes/no/true/false/1/0
 * booleans, statuses by name ("Do not contact"). Location and tags stay names: the server resolves them.
 */
export function checkImportRow(record: ImportRecord): ImportRowCheck {
  const errors: Partial<Record<ImportField, string>> = {};
  const cents = (field: 'amount_due' | 'convenience_fee', fallback: number | undefined) => {
    const text = record[field];
    if (text === '') return fallback;
    const value = parseCentsFromDollars(text);
    if (value === null) errors[field] = NUMBER_INVALID;
    return value ?? undefined;
  };
  const flag = (field: 'autopay' | 'text_opt_in' | 'email_opt_in') => {
    const value = importBoolean(record[field]);
    if (value === null) errors[field] = VALUE_INVALID;
    return value ?? false;
  };
  const amountDue = cents('amount_due', undefined);
  const convenienceFee = cents('convenience_fee', 0);
  const autopay = flag('autopay');
  const textOptIn = flag('text_opt_in');
  const emailOptIn = flag('email_opt_in');
  const status = importStatus(record.status);
  if (status === null) errors.status = VALUE_INVALID;
  const language = importLanguage(record.language);
  if (language === null) errors.language = VALUE_INVALID;
  const dueDate = record.due_date === '' ? null : importDate(record.due_date);
  const parsed = createCustomerSchema.safeParse({
    first_name: record.first_name,
    last_name: record.last_name,
    email: record.email || null,
    sms_phone_number: record.sms_phone_number || null,
    language: language ?? DEFAULT_LANGUAGE,
    address_line1: record.address_line1 || null,
    address_line2: record.address_line2 || null,
    city: record.city || null,
    state: record.state || null,
    zip: record.zip || null,
    location_id: 'resolved-by-name',
    account: {
      external_id: record.external_id,
      amount_due_cents: amountDue,
      due_date: dueDate,
      autopay,
      convenience_fee_cents: convenienceFee,
      status: status ?? 'active',
      tag_ids: [],
    },
    // The opt-ins go in after the check: whether an opt-in has its contact depends, for an account the merchant
    // has, on the customer's own phone and email when the row leaves them (the server checks the values it writes).
    text_opt_in: false,
    email_opt_in: false,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF_PATH[issue.path.join('.')];
      if (field && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  if (dueDate !== null && !isCalendarDate(dueDate) && errors.due_date === undefined)
    errors.due_date = 'Date is not valid';
  const tagNames = importTagNames(record.tags);
  if (tagNames.some((name) => name.length > 100)) errors.tags = maxLengthMessage(100);
  if (Object.keys(errors).length > 0 || !parsed.success) {
    if (Object.keys(errors).length === 0) errors.first_name = VALUE_INVALID;
    return { ok: false, errors };
  }
  return {
    ok: true,
    row: {
      input: { ...parsed.data, text_opt_in: textOptIn, email_opt_in: emailOptIn, affirmation: IMPORT_AFFIRMATION },
      locationName: record.location,
      tagNames,
    },
  };
}

/** A row's problems as one line for the report: "Email: Email is not valid; Amount due: Amount Due is Required." */
export function describeRowErrors(errors: Partial<Record<ImportField, string>>): string {
  return IMPORT_FIELDS.filter((field) => errors[field] !== undefined)
    .map((field) => `${IMPORT_FIELD_LABELS[field]}: ${errors[field]}`)
    .join('; ');
}

// ---------------------------------------------------------------------------------------------------------------
// Report

/**
 * A cell made safe for spreadsheets: text starting with = + - @ (or a tab or carriage return) gets a leading
 * apostrophe, so it is not run as a formula.
 */
export function escapeCsvFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

// ---------------------------------------------------------------------------------------------------------------
// Wire schemas

/** The body field carrying the words affirmed for a channel's opt-ins (as POST create names them). */
export const IMPORT_AFFIRMATION_FIELDS: Record<ConsentChannel, 'text_opt_in_affirmation' | 'email_opt_in_affirmation'> =
  { sms: 'text_opt_in_affirmation', email: 'email_opt_in_affirmation' };

/** Why an upload whose rows opt customers in is refused without the importing user's affirmation. */
export function importAffirmationRequired(channel: ConsentChannel): string {
  const what = channel === 'sms' ? 'text messages' : 'emails';
  return `Rows of this file opt customers in to ${what}. Affirm that they have given express permission (I'm Sure) to import them.`;
}
export const IMPORT_AFFIRMATION_MISMATCH = 'Affirm the words shown, exactly.';

/** The words the importing user affirms, once for the file, for the rows that opt customers in to a channel. */
export const importAffirmationText = (channel: ConsentChannel) => consentAffirmationText(channel, true);

const importAffirmationField = () =>
  z
    .string({ error: VALUE_INVALID })
    .max(AFFIRMATION_MAX_LENGTH, { error: maxLengthMessage(AFFIRMATION_MAX_LENGTH) })
    .nullable()
    .optional();

/** What the preview and the upload both read: the file, its mapping and whether a blank mapped cell clears. */
const importFileFields = {
  /** The CSV text, header row first. */
  csv: z.string({ error: REQUIRED }).max(IMPORT_MAX_BYTES, { error: IMPORT_TOO_LARGE }),
  mapping: importMappingSchema,
  /** A blank mapped cell clears the field on an existing account (else it leaves it as it is). */
  blank_clears: z.boolean({ error: VALUE_INVALID }).optional(),
};

/**
 * Upload. Rows whose opt-in cell says yes need the words of that channel (`importAffirmationText`) in
 * `text_opt_in_affirmation` / `email_opt_in_affirmation`, affirmed once for the file (else a 400 on that field).
 */
export const createImportSchema = z.object({
  file_name: requiredString().max(IMPORT_FILE_NAME_MAX_LENGTH, {
    error: maxLengthMessage(IMPORT_FILE_NAME_MAX_LENGTH),
  }),
  ...importFileFields,
  text_opt_in_affirmation: importAffirmationField(),
  email_opt_in_affirmation: importAffirmationField(),
});
export type CreateImportInput = z.input<typeof createImportSchema>;

export const importPreviewInputSchema = z.object(importFileFields);
export type ImportPreviewInput = z.input<typeof importPreviewInputSchema>;

/** A row that changes an account's status to or from do-not-contact. */
export const importStatusChangeSchema = z.object({
  row_number: z.number().int(),
  external_id: z.string(),
  name: z.string(),
  from: z.enum(ACCOUNT_STATUSES),
  to: z.enum(ACCOUNT_STATUSES),
});
export type ImportStatusChange = z.infer<typeof importStatusChangeSchema>;

/** How many failed rows the preview lists (the counts cover every row). */
export const IMPORT_PREVIEW_FAILURES = 50;

/**
 * What importing the file would do now, by the server's checks: rows created, updated and failed (with the first
 * failures' reasons), the accounts whose status goes to or from do-not-contact, and the rows that opt customers in
 * (per channel: those need the affirmation). Rows are checked again when they import.
 */
export const importPreviewSchema = z.object({
  total: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  fail: z.number().int(),
  failures: z.array(z.object({ row_number: z.number().int(), reason: z.string() })),
  do_not_contact_changes: z.array(importStatusChangeSchema),
  opt_in_rows: z.object({ sms: z.number().int(), email: z.number().int() }),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** `failed`: the job kept failing (not a row's fault: the database was away, a bug); `error` says why. */
export const IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const customerImportSchema = z.object({
  id: z.uuid(),
  file_name: z.string(),
  status: z.enum(IMPORT_STATUSES),
  total: z.number().int(),
  processed: z.number().int(),
  imported: z.number().int(),
  /** Of the imported rows, those that updated an existing account (same external id). */
  updated: z.number().int(),
  failed: z.number().int(),
  blank_clears: z.boolean(),
  /** Why the import stopped, when its status is `failed`. */
  error: z.string().nullable(),
  created: z.iso.datetime({ offset: true }),
  finished: z.iso.datetime({ offset: true }).nullable(),
});
export type CustomerImport = z.infer<typeof customerImportSchema>;

/** The mapping used last and whether blank cells cleared then. */
export const importMappingResponseSchema = z.object({ mapping: importMappingSchema, blank_clears: z.boolean() });

/** A page of the failed rows: the file's columns, then each row's cells (in column order), its line and reason. */
export const importReportSchema = pageSchema(
  z.object({ row_number: z.number().int(), cells: z.array(z.string()), reason: z.string() }),
).extend({ columns: z.array(z.string()) });
export type ImportReport = z.infer<typeof importReportSchema>;

/** The failed-rows file's header: the file's columns, then these two. */
export const IMPORT_REPORT_EXTRA_COLUMNS = ['row', 'reason'] as const;

const merchantParams = z.object({ id: z.string() });
const importParams = z.object({ id: z.string(), importId: z.string() });

const tags = ['customers'];
const importers = merchantAccess(ACCESS_REQUIREMENTS.customerUpdate);

export const customerImportEndpoints = {
  mapping: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/customer_import_mapping/',
    summary: 'The column mapping last used to import customers at this merchant (empty before the first import)',
    tags,
    access: importers,
    params: merchantParams,
    status: 200,
    response: importMappingResponseSchema,
    errors: [401, 403, 404],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/customer_imports/',
    summary:
      'Upload a CSV (at most 20 MB and 100,000 rows) with its column mapping; the rows import in a background job',
    tags,
    access: importers,
    params: merchantParams,
    body: createImportSchema,
    bodyLimit: IMPORT_MAX_BYTES + 1024 * 1024,
    status: 201,
    response: customerImportSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/customer_imports/preview/',
    summary:
      'What importing a CSV with its mapping would do now: rows created, updated and failed (with reasons), ' +
      'statuses to or from do-not-contact, rows that opt customers in; nothing is written',
    tags,
    access: importers,
    params: merchantParams,
    body: importPreviewInputSchema,
    bodyLimit: IMPORT_MAX_BYTES + 1024 * 1024,
    status: 200,
    response: importPreviewSchema,
    errors: [400, 401, 403, 404],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/customer_imports/:importId/',
    summary: "An import's progress: status, total, processed, imported and failed rows",
    tags,
    access: importers,
    params: importParams,
    status: 200,
    response: customerImportSchema,
    errors: [401, 403, 404],
  }),
  report: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/customer_imports/:importId/report/',
    summary: "A page of an import's failed rows with their reasons, in file order",
    tags,
    access: importers,
    params: importParams,
    query: paginationQuery,
    status: 200,
    response: importReportSchema,
    errors: [400, 401, 403, 404],
  }),
  reportCsv: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/customer_imports/:importId/report/csv/',
    summary:
      "An import's failed rows as a CSV file (the file's columns, then row and reason; formula-like cells escaped)",
    tags,
    access: importers,
    params: importParams,
    status: 200,
    response: z.string().describe('text/csv'),
    errors: [401, 403, 404],
  }),
} as const;
