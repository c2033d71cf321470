// Adding and removing an account's co-borrowers (an existing customer, or a new one made on the spot).

import type { addCoBorrowerSchema } from '@paydesk/domain/customers/customers.contract';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { accountCustomers, customers } from '../../db/schema/customers';
import { FieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import type { Actor } from '../audit/audit.public';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordCustomerEvent } from './customer-events';
import { invalidateCustomerCounts } from './list/customers-list';
import { getAccountOfCustomer, getCustomerRow, type CustomerRow, type MerchantRef } from './customers.read';
import { insertCustomer } from './customer-create';
import { refreshCustomerSearch } from './list/refresh-customer-search';

export const PRIMARY_NOT_REMOVABLE = 'The primary customer cannot be removed from the account.';
export const ALREADY_ON_ACCOUNT = 'This customer is already on the account.';

export async function addCoBorrower(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  accountId: string,
  input: z.output<typeof addCoBorrowerSchema>,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    tx.afterCommit(() => invalidateCustomerCounts(merchant.id));
    await getCustomerRow(tx.db, merchant.id, customerId);
    const { account } = await getAccountOfCustomer(tx.db, merchant.id, customerId, accountId);
    let coBorrower: CustomerRow;
    if (input.customer_id !== undefined) {
      coBorrower = await getCustomerRow(tx.db, merchant.id, input.customer_id);
      const [already] = await tx.db
        .select({ id: accountCustomers.customer_id })
        .from(accountCustomers)
        .where(and(eq(accountCustomers.account_id, account.id), eq(accountCustomers.customer_id, coBorrower.id)));
      if (already) throw new HttpError('conflict', ALREADY_ON_ACCOUNT);
    } else if (input.customer) {
      coBorrower = await insertCustomer(tx, merchant, { ...input.customer, location_id: account.location_id }, actor);
    } else {
      throw FieldErrors.of('customer_id', REQUIRED);
    }
    await tx.db
      .insert(accountCustomers)
      .values({ account_id: account.id, customer_id: coBorrower.id, role: 'co_borrower', created: tx.clock() });
    const after = { co_borrower_id: coBorrower.id, name: `${coBorrower.first_name} ${coBorrower.last_name}` };
    for (const subject of new Set([customerId, coBorrower.id])) {
      await recordCustomerEvent(tx, {
        merchantId: merchant.id,
        customerId: subject,
        accountId: account.id,
        kind: 'co_borrower.added',
        actor,
        after,
      });
    }
    await refreshCustomerSearch(tx.db, [coBorrower.id]);
  });
}

export async function removeCoBorrower(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  accountId: string,
  coBorrowerId: string,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    tx.afterCommit(() => invalidateCustomerCounts(merchant.id));
    await getCustomerRow(tx.db, merchant.id, customerId);
    const { account } = await getAccountOfCustomer(tx.db, merchant.id, customerId, accountId);
    if (!isUuid(coBorrowerId)) throw notFound();
    const [link] = await tx.db
      .select({ role: accountCustomers.role, customer: customers })
      .from(accountCustomers)
      .innerJoin(customers, eq(customers.id, accountCustomers.customer_id))
      .where(and(eq(accountCustomers.account_id, account.id), eq(accountCustomers.customer_id, coBorrowerId)));
    if (!link) throw notFound();
    if (link.role === 'primary') throw new HttpError('bad_request', PRIMARY_NOT_REMOVABLE);
    await tx.db
      .delete(accountCustomers)
      .where(and(eq(accountCustomers.account_id, account.id), eq(accountCustomers.customer_id, coBorrowerId)));
    const before = { co_borrower_id: coBorrowerId, name: `${link.customer.first_name} ${link.customer.last_name}` };
    for (const subject of new Set([customerId, coBorrowerId])) {
      await recordCustomerEvent(tx, {
        merchantId: merchant.id,
        customerId: subject,
        accountId: account.id,
        kind: 'co_borrower.removed',
        actor,
        before,
      });
    }
    await refreshCustomerSearch(tx.db, [coBorrowerId]);
  });
}
