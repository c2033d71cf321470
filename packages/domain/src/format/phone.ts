import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A stored E.164 number in national form (`+12125550123` → `(212) 555-0123`); unreadable input is returned as is. */
export function formatPhoneNumber(value: string | null | undefined): string {
  if (!value) return '';
  const phone = parsePhoneNumberFromString(value, 'US');
  return phone ? phone.formatNational() : value;
}
