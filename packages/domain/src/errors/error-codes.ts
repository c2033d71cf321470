// Every `code` an error body can carry: the SPEC §8 catalogue plus the project's own codes (DRF's names where DRF
// has one), each with its HTTP status and default message. A code that is not here does not compile.

import { ERROR_CATALOGUE, ERROR_HTTP_STATUS, type CatalogueCode } from './catalogue';

const PROJECT_ERROR_MESSAGES = {
  bad_request: 'The request is not valid.',
  parse_error: 'The request body is not valid JSON.',
  body_too_deep: 'The request body is nested more than 32 levels deep.',
  not_authenticated: 'Authentication credentials were not provided.',
  token_not_valid: 'Given token not valid for any token type',
  permission_denied: 'You do not have permission to perform this action.',
  not_found: 'Not found.',
  method_not_allowed: 'Method not allowed.',
  conflict: 'The request conflicted with another change. Please try again.',
  'role.in_use': 'This role is assigned to users; give them another role first.',
  'location.in_use': 'This location still has merchant accounts.',
  'invitation.accepted': 'This invitation has already been accepted. Log in to continue.',
  'integration.state_invalid': 'This connect link has expired or was already used. Start connecting again.',
  'integration.code_invalid': 'The authorization was refused or has expired. Start connecting again.',
  'integration.not_connected': 'Save the credentials of this integration first.',
  'idempotency_key.missing': 'This request needs an Idempotency-Key header.',
  'idempotency_key.too_long': 'The Idempotency-Key header must be at most 255 characters.',
  'idempotency_key.reused': 'This Idempotency-Key was already used for a different request.',
  'idempotency_key.in_use': 'A request with this Idempotency-Key is still being processed. Try again shortly.',
  'integration.no_device': 'Link a device to this account first.',
  'payment.exceeds_amount_due': 'Payment can not be more than the amount due.',
  'merchant_account.missing': 'This location has no active merchant account for this kind of payment.',
  'payment_method.authorization_required': 'A bank account needs the debit authorisation the customer gave.',
  'scheduled_payment.not_cancellable': 'This scheduled payment has already run or was cancelled.',
  'failed_payment.already_retried': 'This payment was already retried.',
  'promise.not_open': 'This promise was already settled: it can no longer be confirmed.',
  'message.not_resendable': 'This text can not be sent again: the number or the customer refused it.',
  'message.already_handled': 'This text was already sent again or dismissed.',
  'ach_return.not_representable': 'Only a debit returned R01 or R09 may be presented again.',
  'ach_return.already_represented': 'This return was already presented again.',
  'ach_return.attempts_used': 'This debit was already presented again twice, the most Nacha allows.',
  'ach_return.window_closed': 'More than 180 days passed since the original debit: it can not be presented again.',
  'payment_method.disabled': 'This bank account was disabled after a return: add it again with a new authorisation.',
  'refund.exceeds_captured': 'A refund can not be more than what is left to refund on the payment.',
  'refund.not_refundable': 'Only a paid or partly refunded payment can be refunded.',
  'refund.void_whole_source': 'A bank payment that has not settled can only be voided whole: refund its full amount.',
  'pay_link.expired': 'This payment link has expired. Ask the business for a new link.',
  'pay_link.used': 'This payment link has already been used to pay.',
  'pay_link.superseded': 'A newer payment link was sent for this account. Use the newest link, or ask for a new one.',
  'pay_link.in_use': 'A payment with this link is already being processed. Wait a moment and reload the page.',
  payload_too_large: 'The request body is too large.',
  uri_too_long: 'The address is too long.',
  unsupported_media_type: 'Unsupported media type in request.',
  throttled: 'Request was throttled.',
  server_error: 'A server error occurred.',
  service_unavailable: 'The service is unavailable. Please try again shortly.',
} as const;

export type ProjectErrorCode = keyof typeof PROJECT_ERROR_MESSAGES;

export type ErrorCode = CatalogueCode | ProjectErrorCode;

const PROJECT_ERROR_STATUS = {
  bad_request: 400,
  parse_error: 400,
  body_too_deep: 400,
  not_authenticated: 401,
  token_not_valid: 401,
  permission_denied: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  'role.in_use': 409,
  'location.in_use': 409,
  'invitation.accepted': 400,
  'integration.state_invalid': 400,
  'integration.code_invalid': 400,
  'integration.not_connected': 409,
  'idempotency_key.missing': 400,
  'idempotency_key.too_long': 400,
  'idempotency_key.reused': 409,
  'idempotency_key.in_use': 409,
  'integration.no_device': 409,
  'payment.exceeds_amount_due': 400,
  'merchant_account.missing': 409,
  'payment_method.authorization_required': 400,
  'scheduled_payment.not_cancellable': 409,
  'failed_payment.already_retried': 409,
  'promise.not_open': 409,
  'message.not_resendable': 409,
  'message.already_handled': 409,
  'ach_return.not_representable': 409,
  'ach_return.already_represented': 409,
  'ach_return.attempts_used': 409,
  'ach_return.window_closed': 409,
  'payment_method.disabled': 409,
  'refund.exceeds_captured': 409,
  'refund.not_refundable': 409,
  'refund.void_whole_source': 409,
  'pay_link.expired': 410,
  'pay_link.used': 410,
  'pay_link.superseded': 410,
  'pay_link.in_use': 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  throttled: 429,
  server_error: 500,
  service_unavailable: 503,
} as const satisfies Record<ProjectErrorCode, number>;

/** The status of every code: a new code does not compile until it has one. */
export const ERROR_STATUS = { ...ERROR_HTTP_STATUS, ...PROJECT_ERROR_STATUS } as const satisfies Record<
  ErrorCode,
  number
>;

/** The message a code is sent with unless the error says more (e.g. how long a throttle lasts). */
export const ERROR_MESSAGES: Readonly<Record<ErrorCode, string>> = { ...ERROR_CATALOGUE, ...PROJECT_ERROR_MESSAGES };

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The codes an error of the given status can carry. */
export function errorCodesWithStatus(status: number): ErrorCode[] {
  return ERROR_CODES.filter((code) => ERROR_STATUS[code] === status);
}

export function isErrorCode(value: string): value is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_STATUS, value);
}
