// Editing a customer and an account (PATCH; a CSV import's row for an account the merchant has goes through the same
// `patch…InTransaction`). A change of the amount due is the ledger's adjustment entry.

import {
  breaksAutopayCap,
  CUSTOMER_ADDRESS_FIELDS,
  FRESHBOOKS_ACCOUNT_FIELDS,
  FRESHBOOKS_CUSTOMER_FIELDS,
  type accountPatchSchema,
  type customerPatchSchema,
} from '@paydesk/domain/customers/customers.contract';
import { ERROR_CATALOGUE } from '@paydesk/domain/errors/catalogue';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accountTagAssignments, accounts, customers } from '../../db/schema/customers';
import { accountTags } from '../../db/schema/tags';
import { CatalogueError, FieldErrors, notFound } from '../../lib/http-errors';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import type { Actor } from '../audit/audit.public';
import { postLedgerEntries } from '../ledger/ledger.public';
import { recordCustomerEvent } from './customer-events';
import {
  checkDateOfBirth,
  checkExternalIdFree,
  checkLocation,
  checkPhoneFree,
  customerIdsOfAccount,
  primaryLocationOf,
  setAccountTags,
  tagNames,
} from './customer-checks';
import {
  accountColumns,
  accountHistoryFields,
  customerColumns,
  customerHistoryFields,
  orNull,
} from './customer-columns';
import { refuseFreshbooksManagedChanges } from './freshbooks-managed-fields';
import {
  getAccountOfCustomer,
  getCustomerRow,
  type AccountRow,
  type CustomerRow,
  type MerchantRef,
} from './customers.read';
import { invalidateCustomerCounts } from './list/customers-list';
import { refreshCustomerSearch } from './list/refresh-customer-search';

type CustomerPatch = z.output<typeof customerPatchSchema>;
type AccountPatch = z.output<typeof accountPatchSchema>;

export async function patchCustomerInTransaction(
  tx: ServiceContext,
  merchant: MerchantRef,
  current: CustomerRow,
  patch: CustomerPatch,
  actor: Actor,
): Promise<void> {
  // Every field the patch gives is written (a rewrite of the same value too: its `updated` moves), as built for all
  // write paths; a location only when it changes.
  const after = customerColumns(current, patch);
  const changes: Partial<typeof customers.$inferInsert> = {};
  if (patch.first_name !== undefined) changes.first_name = after.first_name;
  if (patch.last_name !== undefined) changes.last_name = after.last_name;
  if (patch.email !== undefined) changes.email = after.email;
  if (patch.language !== undefined) changes.language = after.language;
  for (const field of CUSTOMER_ADDRESS_FIELDS) if (patch[field] !== undefined) changes[field] = after[field];
  if (patch.date_of_birth !== undefined) {
    checkDateOfBirth(tx, merchant, patch.date_of_birth);
    changes.date_of_birth = after.date_of_birth;
  }
  if (patch.sms_phone_number !== undefined) {
    const phone = after.sms_phone_number;
    if (phone !== current.sms_phone_number) await checkPhoneFree(tx.db, merchant.id, phone, current.id);
    changes.sms_phone_number = phone;
  }
  if (after.location_id !== current.location_id) {
    await checkLocation(tx.db, merchant.id, after.location_id);
    changes.location_id = after.location_id;
  }
  if (Object.keys(changes).length === 0) return;
  const [updated] = await tx.db
    .update(customers)
    .set({ ...changes, updated: tx.clock() })
    .where(eq(customers.id, current.id))
    .returning();
  if (!updated) throw notFound();
  if (changes.location_id) {
    // The accounts this customer is primary on follow it, so account and customer locations stay the same.
    await tx.db.execute(sql`
      update accounts set location_id = ${changes.location_id}, updated = now()
      where id in (select account_id from account_customers where customer_id = ${current.id} and role = 'primary')
    `);
  }
  await recordCustomerEvent(tx, {
    merchantId: merchant.id,
    customerId: current.id,
    kind: 'customer.updated',
    actor,
    before: customerHistoryFields(current),
    after: customerHistoryFields(updated),
  });
  await refreshCustomerSearch(tx.db, [current.id]);
}

export async function updateCustomer(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  patch: CustomerPatch,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    tx.afterCommit(() => invalidateCustomerCounts(merchant.id));
    const current = await getCustomerRow(tx.db, merchant.id, customerId);
    refuseFreshbooksManagedChanges(
      merchant,
      FRESHBOOKS_CUSTOMER_FIELDS,
      {
        first_name: patch.first_name,
        last_name: patch.last_name,
        email: patch.email === undefined ? undefined : orNull(patch.email),
        sms_phone_number: patch.sms_phone_number === undefined ? undefined : orNull(patch.sms_phone_number),
      },
      current,
    );
    await patchCustomerInTransaction(tx, merchant, current, patch, actor);
  });
}

/** Why an account's amount due moved, as its ledger entry says: a staff edit or an import. */
export type AmountChangeReason = 'Edited by staff' | 'Import';

export async function patchAccountInTransaction(
  tx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  current: AccountRow,
  patch: AccountPatch,
  actor: Actor,
  reason: AmountChangeReason,
): Promise<void> {
  // As for a customer: the fields the patch gives, an external id or location only when it changes; the amount due
  // is not a column write but the ledger's adjustment.
  const after = accountColumns(current, patch);
  const changes: Partial<typeof accounts.$inferInsert> = {};
  if (after.external_id !== current.external_id) {
    await checkExternalIdFree(tx.db, merchant.id, after.external_id, current.id);
    changes.external_id = after.external_id;
  }
  const amountDelta = after.amount_due_cents - current.amount_due_cents;
  if (patch.due_date !== undefined) changes.due_date = after.due_date;
  if (patch.autopay !== undefined) changes.autopay = after.autopay;
  if (patch.convenience_fee_cents !== undefined) changes.convenience_fee_cents = after.convenience_fee_cents;
  if (patch.status !== undefined) changes.status = after.status;
  if (after.location_id !== current.location_id) {
    await checkLocation(tx.db, merchant.id, after.location_id);
    const customerLocation = await primaryLocationOf(tx.db, current.id);
    if (customerLocation !== after.location_id) throw new CatalogueError('location.customer_account_mismatch');
    changes.location_id = after.location_id;
  }
  const autopay = changes.autopay ?? current.autopay;
  const dueDate = changes.due_date !== undefined ? changes.due_date : current.due_date;
  if (breaksAutopayCap(autopay, dueDate)) {
    throw FieldErrors.of('due_date', ERROR_CATALOGUE['account.due_date.autopay_cap']);
  }
  let tagsBefore: string[] | undefined;
  let tagsAfter: string[] | undefined;
  if (patch.tag_ids !== undefined) {
    tagsAfter = await tagNames(tx.db, merchant.id, patch.tag_ids);
    const before = await tx.db
      .select({ name: accountTags.name })
      .from(accountTagAssignments)
      .innerJoin(accountTags, eq(accountTags.id, accountTagAssignments.tag_id))
      .where(eq(accountTagAssignments.account_id, current.id));
    tagsBefore = before.map((row) => row.name).sort();
    await setAccountTags(tx.db, current.id, patch.tag_ids);
  }
  if (amountDelta !== 0) {
    await postLedgerEntries(tx, merchant.id, actor, [
      { accountId: current.id, kind: 'adjustment', amountCents: amountDelta, reason },
    ]);
  }
  let updated = { ...current, amount_due_cents: current.amount_due_cents + amountDelta };
  if (Object.keys(changes).length > 0) {
    const [row] = await tx.db
      .update(accounts)
      .set({ ...changes, updated: tx.clock() })
      .where(eq(accounts.id, current.id))
      .returning();
    if (!row) throw notFound();
    updated = row;
  }
  await recordCustomerEvent(tx, {
    merchantId: merchant.id,
    customerId,
    accountId: current.id,
    kind: 'account.updated',
    actor,
    before: { ...accountHistoryFields(current), tags: tagsBefore },
    after: { ...accountHistoryFields(updated), tags: tagsAfter },
  });
  await refreshCustomerSearch(tx.db, await customerIdsOfAccount(tx.db, current.id));
}

export async function updateAccount(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  accountId: string,
  patch: AccountPatch,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    tx.afterCommit(() => invalidateCustomerCounts(merchant.id));
    await getCustomerRow(tx.db, merchant.id, customerId);
    const { account } = await getAccountOfCustomer(tx.db, merchant.id, customerId, accountId);
    refuseFreshbooksManagedChanges(merchant, FRESHBOOKS_ACCOUNT_FIELDS, patch, account);
    await patchAccountInTransaction(tx, merchant, customerId, account, patch, actor, 'Edited by staff');
  });
}
