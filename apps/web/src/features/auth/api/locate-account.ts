import { accountEndpoints } from '@paydesk/domain/customers/accounts.contract';
import { api } from '../../../lib/api-client';

/** GET /accounts/:accountId/locate/: the customer page of an account the user may see (for /sso?…&account_id=). */
export async function findAccountPath(accountID: string): Promise<string> {
  const found = await api.call(accountEndpoints.locate, { params: { accountId: accountID } });
  return `/merchants/${encodeURIComponent(found.merchant_id)}/customers/${encodeURIComponent(found.customer_id)}`;
}
