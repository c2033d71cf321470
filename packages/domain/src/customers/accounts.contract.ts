// A customer's accounts (loans, contracts): editing one, its co-borrowers (SPEC §2 AccountCustomers), and finding
// the merchant and customer of an account for `/sso?…&account_id=`. Schemas live in ./customers.contract.

import { z } from 'zod';
import { AUTHENTICATED, merchantAccess } from '../access/endpoint-access';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { defineEndpoint } from '../api/endpoint';
import {
  accountCustomerSchema,
  accountLocationSchema,
  accountPatchSchema,
  addCoBorrowerSchema,
  customerSchema,
} from './customers.contract';

export const accountParams = z.object({ id: z.string(), customerId: z.string(), accountId: z.string() });
export const coBorrowerParams = accountParams.extend({ coBorrowerId: z.string() });

export const accountCustomersSchema = z.object({ results: z.array(accountCustomerSchema) });
export type AccountCustomers = z.infer<typeof accountCustomersSchema>;
export type AccountLocation = z.infer<typeof accountLocationSchema>;

const tags = ['customers'];
const read = merchantAccess();
const update = merchantAccess(ACCESS_REQUIREMENTS.customerUpdate);

export const accountEndpoints = {
  update: defineEndpoint({
    method: 'PATCH',
    path: '/merchants/:id/customers/:customerId/accounts/:accountId/',
    summary:
      "Change an account's amount due, due date, autopay flag, convenience fee, status, tags, location or external id",
    tags,
    access: update,
    params: accountParams,
    body: accountPatchSchema,
    status: 200,
    response: customerSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  customers: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/customers/:customerId/accounts/:accountId/customers/',
    summary: "An account's customers: the primary first, then co-borrowers",
    tags,
    access: read,
    params: accountParams,
    status: 200,
    response: accountCustomersSchema,
    errors: [401, 403, 404],
  }),
  addCoBorrower: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/customers/:customerId/accounts/:accountId/customers/',
    summary: 'Add a co-borrower: an existing customer of the merchant (customer_id) or a new one (customer)',
    tags,
    access: update,
    params: accountParams,
    body: addCoBorrowerSchema,
    status: 201,
    response: accountCustomersSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  removeCoBorrower: defineEndpoint({
    method: 'DELETE',
    path: '/merchants/:id/customers/:customerId/accounts/:accountId/customers/:coBorrowerId/',
    summary: 'Remove a co-borrower from an account (the primary customer cannot be removed)',
    tags,
    access: update,
    params: coBorrowerParams,
    status: 204,
    errors: [400, 401, 403, 404],
  }),
  locate: defineEndpoint({
    method: 'GET',
    path: '/accounts/:accountId/locate/',
    summary: 'The merchant and primary customer of an account the user may see (for /sso?…&account_id=)',
    tags,
    access: AUTHENTICATED,
    params: z.object({ accountId: z.string() }),
    status: 200,
    response: accountLocationSchema,
    errors: [401, 404],
  }),
} as const;
