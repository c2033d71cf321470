import { ACCESS_REQUIREMENTS, meetsRequirement, type RoleRequirement } from '@paydesk/domain/access/requirements';
import { findMerchantAccessRoles, useSession } from './session-state';

/** The signed-in user as every screen reads them, from the session's profile: who they are and what they may do. */
export function useViewer() {
  const { profile, reloadProfile, logout } = useSession();
  const isSuperUser = profile?.is_super_user ?? false;
  const meets = (merchantID: string, requirement: RoleRequirement) =>
    meetsRequirement(requirement, {
      roles: findMerchantAccessRoles(profile, merchantID),
      merchant: profile?.merchants.find((merchant) => merchant.id === merchantID) ?? { check_custom_roles: false },
    });
  return {
    userID: profile?.id ?? null,
    isSuperUser,
    organization: profile?.organization ?? null,
    accessRoles: (merchantID: string): string[] => findMerchantAccessRoles(profile, merchantID),
    /** Super users may open every merchant; others those they hold a role on (the API answers 404 for the rest). */
    mayOpenMerchant: (merchantID: string): boolean =>
      isSuperUser || (profile?.merchants.some((merchant) => merchant.id === merchantID) ?? false),
    /**
     * Changing a merchant's settings (PUT /merchants/:id/) takes the same requirement the API checks; super users
     * act as super_admin on every merchant.
     */
    canEditMerchant: (merchantID: string) => meets(merchantID, ACCESS_REQUIREMENTS.merchantSettings),
    /** Owners and onboarding (owners' private data) are for the merchant's administrators, as the API rules. */
    canAdministerOnboarding: (merchantID: string) => meets(merchantID, ACCESS_REQUIREMENTS.onboardingSettings),
    /** The profile lists the user's merchants with their names, logos and flags: reload it after a change. */
    reloadProfile,
    logout,
  };
}
