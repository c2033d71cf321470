import { findMerchantAccessRoles, useSession } from '../../../lib/session-state';

/** The signed-in user as the settings screens need them, from the session. */
export function useViewer() {
  const { profile, logout } = useSession();
  return {
    userID: profile?.id ?? null,
    isSuperUser: profile?.is_super_user ?? false,
    accessRoles: (merchantID: string): string[] => findMerchantAccessRoles(profile, merchantID),
    /** Super users may open every merchant; others those they hold a role on (the API answers 404 for the rest). */
    mayOpenMerchant: (merchantID: string): boolean =>
      (profile?.is_super_user ?? false) || (profile?.merchants.some((merchant) => merchant.id === merchantID) ?? false),
    logout,
  };
}
