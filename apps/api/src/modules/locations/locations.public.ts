// The locations module, as other modules use it.

export { findMerchantLocation } from './locations.service';
export { findMerchantPhone } from './merchant-phone';
