// The import's preview: what importing a file with its mapping would do now, by the checks the job runs (the
// domain's row rules, locations and tags by name, phone numbers held by other customers, the autopay cap on the
// values an update leaves), in file order, without writing anything. The job checks every row again when it runs.

import {
  IMPORT_PREVIEW_FAILURES,
  describeRowErrors,
  optInChannelsOf,
  optInContactsMissing,
  type ImportField,
  type ImportMapping,
  type ImportPreview,
  type ImportPreviewInput,
  type ImportStatusChange,
} from '@paydesk/domain/customers/customer-imports.contract';
import { breaksAutopayCap, type AccountStatus } from '@paydesk/domain/customers/customers.contract';
import { ERROR_CATALOGUE } from '@paydesk/domain/errors/catalogue';
import { sql } from 'drizzle-orm';
import { notFound } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import { selectRows } from './list/customers-list';
import type { MerchantRef } from './customers.read';
import { checkRow, createRefusal, lookupsOf } from './customer-imports.run';
import { checkedFile, recordOfCells, refuseIntegrated } from './customer-imports.service';

/** An account as the preview follows it through the file: the database's, then as earlier rows leave it. */
type AccountState = {
  customerKey: string;
  name: string;
  status: AccountStatus;
  autopay: boolean;
  due_date: string | null;
  phone: string | null;
  email: string | null;
  text_opt_in: boolean;
  email_opt_in: boolean;
};

const PHONE_TAKEN = describeRowErrors({ sms_phone_number: ERROR_CATALOGUE['phone_number.duplicate'] });
const AUTOPAY_CAP = describeRowErrors({ due_date: ERROR_CATALOGUE['account.due_date.autopay_cap'] });
const isDoNotContact = (status: AccountStatus) => status === 'do_not_contact';

export async function previewImport(
  ctx: ServiceContext,
  merchant: MerchantRef,
  input: ImportPreviewInput & { mapping: ImportMapping },
): Promise<ImportPreview> {
  refuseIntegrated(merchant);
  const { columns, rows, mapping } = checkedFile(input);
  const lookups = await lookupsOf(ctx.db, merchant.id);
  if (!lookups) throw notFound();
  // Every channel counts as affirmed here: the preview says which rows opt in, and the upload asks for the words.
  const terms = {
    importId: '00000000-0000-0000-0000-000000000000',
    mapping,
    columns,
    blankClears: input.blank_clears ?? false,
    affirmations: { sms: 'preview', email: 'preview' },
  };
  const externalIdColumn = columns.indexOf(mapping.external_id ?? '');
  const externalIds = [...new Set(rows.map((cells) => (cells[externalIdColumn] ?? '').trim()).filter(Boolean))];
  const accounts = new Map<string, AccountState>();
  for (const row of await selectRows<{
    external_id: string;
    customer_id: string;
    first_name: string;
    last_name: string;
    status: AccountStatus;
    autopay: boolean;
    due_date: string | null;
    phone: string | null;
    email: string | null;
    text_opt_in: boolean;
    email_opt_in: boolean;
  }>(
    ctx.db,
    sql`
      select a.external_id, c.id as customer_id, c.first_name, c.last_name, a.status, a.autopay,
        to_char(a.due_date, 'YYYY-MM-DD') as due_date, c.sms_phone_number as phone, c.email,
        c.text_opt_in, c.email_opt_in
      from accounts a
      join account_customers ac on ac.account_id = a.id and ac.role = 'primary'
      join customers c on c.id = ac.customer_id
      where a.merchant_id = ${merchant.id} and a.external_id in (select jsonb_array_elements_text(${JSON.stringify(externalIds)}::jsonb))
    `,
  )) {
    accounts.set(row.external_id, {
      customerKey: row.customer_id,
      name: `${row.first_name} ${row.last_name}`,
      status: row.status,
      autopay: row.autopay,
      due_date: row.due_date,
      phone: row.phone,
      email: row.email,
      text_opt_in: row.text_opt_in,
      email_opt_in: row.email_opt_in,
    });
  }
  const checked = rows.map((cells) => checkRow(lookups, terms, cells));
  const holders = new Map<string, string>();
  if (mapping.sms_phone_number) {
    const phones = [
      ...new Set(checked.flatMap((row) => (row.ok && row.input.sms_phone_number ? [row.input.sms_phone_number] : []))),
    ];
    for (const row of await selectRows<{ id: string; phone: string }>(
      ctx.db,
      sql`
        select id, sms_phone_number as phone from customers
        where merchant_id = ${merchant.id} and removed_at is null and sms_phone_number in (select jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb))
      `,
    )) {
      holders.set(row.phone, row.id);
    }
  }

  const preview: ImportPreview = {
    total: rows.length,
    create: 0,
    update: 0,
    fail: 0,
    failures: [],
    do_not_contact_changes: [],
    opt_in_rows: { sms: 0, email: 0 },
  };
  const fail = (rowNumber: number, reason: string) => {
    preview.fail += 1;
    if (preview.failures.length < IMPORT_PREVIEW_FAILURES) preview.failures.push({ row_number: rowNumber, reason });
  };
  rows.forEach((cells, index) => {
    const rowNumber = index + 1;
    const row = checked[index];
    if (!row) return undefined;
    if (!row.ok) return fail(rowNumber, row.reason);
    const { input } = row;
    const sets = (field: ImportField) => input.sets?.has(field) ?? true;
    const externalId = input.account.external_id;
    const account = accounts.get(externalId);
    const customerKey = account?.customerKey ?? `new:${externalId}`;
    const phone = account && !sets('sms_phone_number') ? account.phone : (input.sms_phone_number ?? null) || null;
    if (phone && phone !== account?.phone && (holders.get(phone) ?? customerKey) !== customerKey) {
      return fail(rowNumber, PHONE_TAKEN);
    }
    if (!account) {
      const refusal = createRefusal(input);
      if (refusal !== null) return fail(rowNumber, refusal);
      accounts.set(externalId, {
        customerKey,
        name: `${input.first_name} ${input.last_name}`,
        status: input.account.status,
        autopay: input.account.autopay,
        due_date: input.account.due_date ?? null,
        phone,
        email: input.email || null,
        text_opt_in: input.text_opt_in,
        email_opt_in: input.email_opt_in,
      });
      preview.create += 1;
    } else {
      const after: AccountState = {
        ...account,
        name: `${input.first_name} ${input.last_name}`,
        status: sets('status') ? input.account.status : account.status,
        autopay: sets('autopay') ? input.account.autopay : account.autopay,
        due_date: sets('due_date') ? (input.account.due_date ?? null) : account.due_date,
        phone,
        email: sets('email') ? input.email || null : account.email,
        text_opt_in: sets('text_opt_in') ? input.text_opt_in : account.text_opt_in,
        email_opt_in: sets('email_opt_in') ? input.email_opt_in : account.email_opt_in,
      };
      if (breaksAutopayCap(after.autopay, after.due_date)) return fail(rowNumber, AUTOPAY_CAP);
      const missing = optInContactsMissing({ ...after, sms_phone_number: after.phone });
      if (Object.keys(missing).length > 0) return fail(rowNumber, describeRowErrors(missing));
      if (isDoNotContact(account.status) !== isDoNotContact(after.status)) {
        const change: ImportStatusChange = {
          row_number: rowNumber,
          external_id: externalId,
          name: account.name,
          from: account.status,
          to: after.status,
        };
        preview.do_not_contact_changes.push(change);
      }
      accounts.set(externalId, after);
      preview.update += 1;
    }
    if (account?.phone && account.phone !== phone) holders.delete(account.phone);
    if (phone) holders.set(phone, customerKey);
    for (const channel of optInChannelsOf(recordOfCells(columns, cells, mapping))) preview.opt_in_rows[channel] += 1;
    return undefined;
  });
  return preview;
}
