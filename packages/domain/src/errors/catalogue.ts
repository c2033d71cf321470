// The error catalogue of SPEC §8: every server error code, its message and its HTTP status.

export const ERROR_CATALOGUE = {
  ssn_invalid_format: 'SSN must be 9 digits, no dashes (-).',
  'autopay.already_configured': 'Autopay is already setup by another customer.',
  'payment_method.not_found': 'Invalid payment method specified for autopay.',
  'customer.shared_secret_incorrect': 'Provided information does not match customer record.',
  'customer.dob_in_future': 'Date of Birth Can Not Be in The Future.',
  'customer.unsubscribed': 'The customer has opted out of email or text messages.',
  'pin.mismatch': 'Pins do not match.',
  'user.not_found': 'No user found with matching credentials.',
  'user.email_in_use': 'Email address already in use.',
  'user.org_already_set': 'User already belongs to an organization.',
  'password.already_set': 'Password has already been set.',
  'password.mismatch': 'Passwords do not match.',
  'token.invalid': 'Invalid Token.',
  'location.customer_account_mismatch': 'Customer does not belong to provided merchant location.',
  'template.schedule_clash': 'A template already exists for the chosen days.',
  'card_number.too_long': 'card_number can be at most 16 characters.',
  'card_number.too_short': 'card_number must be at least 15 characters.',
  'account.already_paid': 'This account has already been paid.',
  'account.current_invoice_required': 'Account requires a current invoice.',
  'account.external_id.clash': 'Account with provided external ID already exists.',
  'account.negative_convenience_fee': 'Convenience Fee Can Not be a Negative Value.',
  'account.amount_due_required': 'Amount Due is Required.',
  'account.inactive': 'Account is set to Inactive.',
  'account.do_not_contact': 'Account status prevents contact.',
  'account.due_date.autopay_cap': 'Due date with Autopay must not exceed the 28th.',
  'payment.minimum': 'Payment must be larger than $1.00.',
  'payment_amount.too_small': 'Requested payment amount is less than the minimum allowed.',
  'payment_amount.too_large': 'Requested payment amount is greater than the maximum allowed.',
  'phone_number.duplicate': 'Phone Number is Already in Use.',
  'card_type.invalid': 'Invalid card type.',
  'owner.incorrect_percentage': 'Ownership Percentage is Invalid.',
  'integrations.unresolvable_action': 'This action must be manually resolved.',
} as const;

/** A SPEC §8 code; with the project's own codes it makes `ErrorCode` (./error-codes.ts). */
export type CatalogueCode = keyof typeof ERROR_CATALOGUE;

type ErrorStatus = 400 | 401 | 404 | 409 | 422;

// A new catalogue code does not compile until it is given a status here.
export const ERROR_HTTP_STATUS = {
  ssn_invalid_format: 400,
  'autopay.already_configured': 409,
  'payment_method.not_found': 400,
  'customer.shared_secret_incorrect': 400,
  'customer.dob_in_future': 400,
  'customer.unsubscribed': 409,
  'pin.mismatch': 400,
  'user.not_found': 400,
  'user.email_in_use': 409,
  'user.org_already_set': 409,
  'password.already_set': 409,
  'password.mismatch': 400,
  'token.invalid': 400,
  'location.customer_account_mismatch': 400,
  'template.schedule_clash': 409,
  'card_number.too_long': 400,
  'card_number.too_short': 400,
  'account.already_paid': 409,
  'account.current_invoice_required': 409,
  'account.external_id.clash': 409,
  'account.negative_convenience_fee': 400,
  'account.amount_due_required': 400,
  'account.inactive': 409,
  'account.do_not_contact': 409,
  'account.due_date.autopay_cap': 400,
  'payment.minimum': 400,
  'payment_amount.too_small': 400,
  'payment_amount.too_large': 400,
  'phone_number.duplicate': 409,
  'card_type.invalid': 400,
  'owner.incorrect_percentage': 400,
  'integrations.unresolvable_action': 409,
} as const satisfies Record<CatalogueCode, ErrorStatus>;

export { DEFAULT_ERROR_MESSAGE } from './default-message';

export function isCatalogueCode(value: string): value is CatalogueCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, value);
}

/** The catalogue message for a code; any other text is returned as it is. */
export function translateError(codeOrText: string): string {
  return isCatalogueCode(codeOrText) ? ERROR_CATALOGUE[codeOrText] : codeOrText;
}
