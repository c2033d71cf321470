// Who pays on a staff route, as the payment use cases take it: the request's merchant and signed-in user.

import type { MerchantAccess } from '../users/users.public';
import type { PayingUser } from './record-payment';

/** The merchant and user of a request's access, with the roles their payment limits are matched against. */
export function payerOf(access: MerchantAccess) {
  const user: PayingUser & { id: string } = { id: access.userId, accessRoles: access.accessRoles };
  return { merchant: access.merchant, user };
}
