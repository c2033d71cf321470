// The locations module, as other modules use it.

export { findMerchantLocation } from './locations.service';
