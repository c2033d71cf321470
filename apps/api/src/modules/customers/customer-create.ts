// Creating a customer with its first account (POST create; a CSV import's row through `createInTransaction`), and
// a customer alone (`insertCustomer`: a co-borrower made on the spot). The account's amount due is its ledger's
// opening entry.

import type {
  ConsentChannel,
  ConsentMethod,
  ParsedCreateCustomerBody,
} from '@paydesk/domain/customers/customers.contract';
import { accountCustomers, accounts, customers } from '../../db/schema/customers';
import { HttpError } from '../../lib/http-errors';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import type { Actor } from '../audit/audit.public';
import { postLedgerEntries } from '../ledger/ledger.public';
import { recordCustomerEvent } from './customer-events';
import {
  checkDateOfBirth,
  checkExternalIdFree,
  checkLocation,
  checkPhoneFree,
  setAccountTags,
  tagNames,
} from './customer-checks';
import {
  accountHistoryFields,
  createdHistoryFields,
  newAccountColumns,
  newCustomerColumns,
  openingEntries,
  orNull,
  type NewCustomer,
} from './customer-columns';
import { importWords, type ImportRowInput } from './customer-import-input';
import { NOT_OPTED_IN, optInRecords, writeOptIns } from './customer-opt-ins';
import type { CustomerRow, MerchantRef } from './customers.read';
import { invalidateCustomerCounts } from './list/customers-list';
import { refreshCustomerSearch } from './list/refresh-customer-search';

export const INTEGRATED_CREATE_REFUSED =
  "This merchant's customers come from its integration; they cannot be created or imported here.";

export async function insertCustomer(
  ctx: ServiceContext,
  merchant: MerchantRef,
  input: NewCustomer,
  actor: Actor,
  optIns: { text: boolean; email: boolean } = { text: false, email: false },
): Promise<CustomerRow> {
  checkDateOfBirth(ctx, merchant, input.date_of_birth);
  const phone = orNull(input.sms_phone_number);
  await checkPhoneFree(ctx.db, merchant.id, phone);
  const now = ctx.clock();
  const [customer] = await ctx.db
    .insert(customers)
    .values(newCustomerColumns(merchant, input, optIns, now))
    .returning();
  if (!customer) throw new Error('customer not inserted');
  await recordCustomerEvent(ctx, {
    merchantId: merchant.id,
    customerId: customer.id,
    kind: 'customer.created',
    actor,
    after: createdHistoryFields(customer),
  });
  return customer;
}

/** A created customer's input: one import row, or the POST body with its words per channel. */
type CreateInput = ImportRowInput | ParsedCreateCustomerBody;

/** The words recorded for a channel's opt-in: the channel's own (POST create), else the import's. */
function affirmationFor(input: CreateInput, channel: ConsentChannel): string {
  const own = 'text_opt_in_affirmation' in input || 'email_opt_in_affirmation' in input;
  if (own) {
    const body = input as ParsedCreateCustomerBody;
    return (channel === 'sms' ? body.text_opt_in_affirmation : body.email_opt_in_affirmation)?.trim() ?? '';
  }
  return importWords(input as ImportRowInput, channel, true);
}

/** Creates a customer with its first account inside an open transaction; returns their ids. */
export async function createInTransaction(
  tx: ServiceContext,
  merchant: MerchantRef,
  input: CreateInput,
  actor: Actor,
  consentMethod: ConsentMethod,
): Promise<{ customerId: string; accountId: string }> {
  await checkLocation(tx.db, merchant.id, input.location_id);
  const names = await tagNames(tx.db, merchant.id, input.account.tag_ids);
  await checkExternalIdFree(tx.db, merchant.id, input.account.external_id);
  const customer = await insertCustomer(tx, merchant, input, actor, {
    text: input.text_opt_in,
    email: input.email_opt_in,
  });
  const now = tx.clock();
  const [account] = await tx.db
    .insert(accounts)
    .values(newAccountColumns(merchant, input, now))
    .returning();
  if (!account) throw new Error('account not inserted');
  await postLedgerEntries(
    tx,
    merchant.id,
    actor,
    openingEntries([{ accountId: account.id, amountCents: input.account.amount_due_cents }]),
  );
  account.amount_due_cents = input.account.amount_due_cents;
  await tx.db.insert(accountCustomers).values({ account_id: account.id, customer_id: customer.id, role: 'primary' });
  await setAccountTags(tx.db, account.id, input.account.tag_ids);
  await recordCustomerEvent(tx, {
    merchantId: merchant.id,
    customerId: customer.id,
    accountId: account.id,
    kind: 'account.created',
    actor,
    after: { ...accountHistoryFields(account), tags: names },
  });
  await writeOptIns(
    tx,
    optInRecords(
      customer,
      NOT_OPTED_IN,
      { sms: input.text_opt_in, email: input.email_opt_in },
      {
        method: consentMethod,
        actor,
        words: (channel) => affirmationFor(input, channel),
        importId: 'consent' in input ? input.consent?.importId : null,
        now: tx.clock(),
      },
    ),
  );
  await refreshCustomerSearch(tx.db, [customer.id]);
  return { customerId: customer.id, accountId: account.id };
}

/** POST create: refused for integrated merchants. */
export async function createCustomer(
  ctx: ServiceContext,
  merchant: MerchantRef,
  input: ParsedCreateCustomerBody,
  actor: Actor,
): Promise<string> {
  if (merchant.is_integrated) throw new HttpError('permission_denied', INTEGRATED_CREATE_REFUSED);
  const { customerId } = await withTransaction(ctx, (tx) => {
    tx.afterCommit(() => invalidateCustomerCounts(merchant.id));
    return createInTransaction(tx, merchant, input, actor, 'created');
  });
  return customerId;
}
