import { ACCESS_REQUIREMENTS, mayChangeNote, meetsRequirement } from '@paydesk/domain/access/requirements';
import { findMerchantAccessRoles, useSession } from '../../../lib/session-state';

/**
 * What the signed-in user may do with a merchant's customers, by the requirements the API checks (SPEC §6):
 * changing customers (customerUpdate; never creating them at an integrated merchant) and editing or deleting notes
 * (noteUpdate: their own, or anyone's for administrators).
 */
export function useCustomerAccess(merchantID: string | undefined) {
  const { profile } = useSession();
  const merchant = merchantID ? profile?.merchants.find((item) => item.id === merchantID) : undefined;
  const roles = merchantID ? findMerchantAccessRoles(profile, merchantID) : [];
  const context = { roles, merchant: { check_custom_roles: merchant?.check_custom_roles ?? false } };
  const canUpdate = Boolean(merchantID) && meetsRequirement(ACCESS_REQUIREMENTS.customerUpdate, context);
  return {
    canUpdate,
    /** Create and Import: customerUpdate, and not for integrated merchants (guard 5 sends those Home). */
    canCreate: canUpdate && !(merchant?.is_integrated ?? false),
    /** Edit and Delete on this note: noteUpdate, and its author or an administrator (the API answers 403 to others). */
    canChangeNote: (note: { author: { id: string } | null }) =>
      Boolean(merchantID) && profile !== null && mayChangeNote(note, profile, context),
  };
}
