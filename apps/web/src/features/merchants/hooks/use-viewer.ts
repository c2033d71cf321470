import { ACCESS_REQUIREMENTS, meetsRequirement } from '@paydesk/domain/access/requirements';
import { findMerchantAccessRoles, useSession } from '../../../lib/session-state';

/** What the signed-in user may do on the merchant screens, from the session's profile. */
export function useViewer() {
  const { profile, reloadProfile } = useSession();
  const isSuperUser = profile?.is_super_user ?? false;
  const findMerchant = (merchantID: string) => profile?.merchants.find((merchant) => merchant.id === merchantID);
  return {
    isSuperUser,
    organization: profile?.organization ?? null,
    /**
     * Changing a merchant's settings (PUT /merchants/:id/) takes the same requirement the API checks; super users
     * act as super_admin on every merchant.
     */
    canEditMerchant: (merchantID: string) => {
      const merchant = findMerchant(merchantID) ?? { check_custom_roles: false };
      const roles = findMerchantAccessRoles(profile, merchantID);
      return meetsRequirement(ACCESS_REQUIREMENTS.merchantSettings, { roles, merchant });
    },
    /** Owners and onboarding (owners' private data) are for the merchant's administrators, as the API rules. */
    canAdministerOnboarding: (merchantID: string) => {
      const merchant = findMerchant(merchantID) ?? { check_custom_roles: false };
      const roles = findMerchantAccessRoles(profile, merchantID);
      return meetsRequirement(ACCESS_REQUIREMENTS.onboardingSettings, { roles, merchant });
    },
    /** The profile lists the user's merchants with their names, logos and flags: reload it after a change. */
    reloadProfile,
  };
}
