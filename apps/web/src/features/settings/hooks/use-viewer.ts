import { findMerchantAccessRoles, useSession } from '../../../lib/session-state';

/** The signed-in user as the settings screens need them, from the session. */
export function useViewer() {
  const { profile, logout } = useSession();
  return {
    userID: profile?.id ?? null,
    isSuperUser: profile?.is_super_user ?? false,
    accessRoles: (merchantID: string): string[] => findMerchantAccessRoles(profile, merchantID),
    logout,
  };
}
