// Transaction search and export (issue 18 item 10; SPEC §2 /transaction-search, §6
// is_merchant_payment_report_allowed, §7 report-transactions and export_transactions, §9 page sizes).
// A row is one payment. Dates are calendar days in the merchant's time zone, both ends inclusive.

import { z } from 'zod';
import { merchantAccess } from '../access/endpoint-access';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { defineEndpoint } from '../api/endpoint';
import { PAYMENT_ORIGINS, TRANSACTION_STATUSES } from '../payments/payments';

export const TRANSACTION_PAGE_SIZES = [50, 75, 100] as const;
export const TRANSACTION_SORT_KEYS = [
  'created',
  '-created',
  'total_amount',
  '-total_amount',
  'status',
  '-status',
] as const;
export const TRANSACTION_LIKE_MAX_LENGTH = 100;
/** The search counts matches up to this many and then answers `count_capped` (decision 0024). */
export const TRANSACTION_COUNT_CAP = 10_000;
/** The export's response header with the number of data rows the CSV will hold (for a progress bar). */
export const TRANSACTION_EXPORT_ROW_COUNT_HEADER = 'x-row-count';

const DATE_INVALID = 'Enter a valid date (MM/DD/YYYY).';

/** MM/DD/YYYY or YYYY-MM-DD → YYYY-MM-DD (a real calendar day). */
const dayParam = z.string().transform((value, ctx) => {
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [y, m, d] = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : [];
  const date = y ? new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))) : null;
  if (!date || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) {
    ctx.addIssue({ code: 'custom', message: DATE_INVALID });
    return z.NEVER;
  }
  return `${y}-${m}-${d}`;
});

const statusParam = z
  .union([z.enum(TRANSACTION_STATUSES), z.array(z.enum(TRANSACTION_STATUSES))], { error: 'Not a valid status' })
  .transform((value) => (Array.isArray(value) ? value : [value]));

const filters = z.object({
  status: statusParam.optional(),
  start: dayParam.optional(),
  end: dayParam.optional(),
  like: z
    .string()
    .trim()
    .max(TRANSACTION_LIKE_MAX_LENGTH, {
      error: `Ensure this field has no more than ${TRANSACTION_LIKE_MAX_LENGTH} characters.`,
    })
    .optional(),
});

const pageSize = z.coerce
  .number<number>()
  .int()
  .refine((n) => (TRANSACTION_PAGE_SIZES as readonly number[]).includes(n), { error: 'Must be 50, 75 or 100' });

export const transactionSearchQuery = filters.extend({
  page: z.coerce.number<number>().int().min(1, { error: 'Must be at least 1' }).default(1),
  page_size: pageSize.default(50),
  ordering: z.enum(TRANSACTION_SORT_KEYS, { error: 'Not a valid ordering' }).default('-created'),
});
export type TransactionSearchQuery = z.infer<typeof transactionSearchQuery>;

/** Without page_number and page_size the export holds every matching row. */
export const transactionExportBody = filters.extend({
  page_number: z.number().int().min(1, { error: 'Must be at least 1' }).optional(),
  page_size: z.number().int().min(1).max(100).optional(),
});
export type TransactionExportBody = z.infer<typeof transactionExportBody>;

export const transactionRowSchema = z.object({
  id: z.uuid(),
  status: z.enum(TRANSACTION_STATUSES),
  created: z.string(),
  origin: z.enum(PAYMENT_ORIGINS),
  customer: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() }).nullable(),
  payer_name: z.string(),
  account: z.object({ id: z.uuid(), external_id: z.string() }).nullable(),
  location_name: z.string(),
  amount: z.number().int(),
  convenience_fee: z.number().int(),
  payment: z.object({ total_amount: z.number().int() }),
  refunded_amount: z.number().int(),
  methods: z.array(z.object({ label: z.string(), last4: z.string() })),
  processor_references: z.array(z.string()),
  created_by_name: z.string(),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

const tags = ['transactions'];
const report = merchantAccess(ACCESS_REQUIREMENTS.paymentReport);
const merchantParams = z.object({ id: z.string() });

export const transactionEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/report-transactions/',
    summary: "Search the merchant's payments (filters, ordering, pages of 50, 75 or 100)",
    tags,
    access: report,
    params: merchantParams,
    query: transactionSearchQuery,
    status: 200,
    response: z.object({
      /** Exact up to TRANSACTION_COUNT_CAP; beyond it the cap, with count_capped true (decision 0024). */
      count: z.number().int(),
      count_capped: z.boolean(),
      results: z.array(transactionRowSchema),
    }),
    errors: [400, 401, 403, 404],
  }),
  export: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/export_transactions/',
    summary: 'The matching payments as a CSV file, streamed (every match without page_number and page_size)',
    tags,
    access: report,
    params: merchantParams,
    body: transactionExportBody,
    status: 200,
    response: z.string().describe('text/csv'),
    errors: [400, 401, 403, 404],
  }),
};
