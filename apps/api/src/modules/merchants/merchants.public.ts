// The merchants module, as other modules use it.

export { findMerchant, type MerchantWithOrganization } from './merchants.service';
