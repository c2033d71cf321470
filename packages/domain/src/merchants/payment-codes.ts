// Payment codes (docs/decisions/0012-payment-codes.md): UPC-A-like 12-digit codes printed on customers' payment
// slips. A super user gives one from the unassigned pool to a merchant when creating it.

export const PAYMENT_CODE_INVALID = 'Must be a 12-digit payment code with a valid check digit';
export const PAYMENT_CODE_UNAVAILABLE = 'This payment code is not available';

const ELEVEN_DIGITS = /^\d{11}$/;
const TWELVE_DIGITS = /^\d{12}$/;

/** The UPC-A check digit of the first 11 digits: 3 × the odd positions plus the even ones, up to a multiple of 10. */
export function paymentCodeCheckDigit(first11: string): number {
  if (!ELEVEN_DIGITS.test(first11)) throw new RangeError('paymentCodeCheckDigit: 11 digits expected');
  let sum = 0;
  for (let index = 0; index < 11; index += 1) sum += Number(first11[index]) * (index % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** Twelve digits whose last is the check digit of the first eleven. */
export function isValidPaymentCode(code: string): boolean {
  return TWELVE_DIGITS.test(code) && paymentCodeCheckDigit(code.slice(0, 11)) === Number(code[11]);
}

/** The full code for 11 digits: the digits and their check digit. */
export function completePaymentCode(first11: string): string {
  return `${first11}${paymentCodeCheckDigit(first11)}`;
}
