import { MANAGED_IN_FRESHBOOKS } from '@paydesk/domain/customers/customers.contract';
import { FieldErrors } from '../../lib/http-errors';
import type { MerchantRef } from './customers.read';

/**
 * Refuses (400, a field error per field) changing what an integrated merchant's FreshBooks keeps: the next
 * `checkIntegration` would overwrite it without a word. `wanted` holds the request's values, normalised as they
 * would be stored (undefined: not in the request); sending the stored value again is no change.
 */
export function refuseFreshbooksManagedChanges<Field extends string>(
  merchant: Pick<MerchantRef, 'is_integrated'>,
  fields: readonly Field[],
  wanted: Partial<Record<Field, unknown>>,
  stored: Record<Field, unknown>,
): void {
  if (!merchant.is_integrated) return;
  const refused = fields.filter((field) => wanted[field] !== undefined && wanted[field] !== stored[field]);
  if (refused.length > 0) {
    throw new FieldErrors(Object.fromEntries(refused.map((field) => [field, [MANAGED_IN_FRESHBOOKS]])));
  }
}
