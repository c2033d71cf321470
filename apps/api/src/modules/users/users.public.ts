// The users module, as other modules and plugins use it: finding a user and their access to a merchant, the
// sign-in and invite steps auth drives, moving a role's holders, and the live event a user change publishes.

export {
  acceptInvite,
  buildUserClaims,
  findActiveUser,
  findMerchantAccess,
  findUserForSignIn,
  findUserPasswordHash,
  getMerchantName,
  moveRoleHolders,
  publishUserChanged,
  recordOwnChange,
  renameUser,
  setPassword,
  toRoleGrant,
  type MerchantAccess,
  type UserRow,
} from './users.service';
export { userChangedEvent } from './users.events';
export { findPaymentLimits } from './payment-limits';
