import { useSession } from '../../../lib/session-state';

/** The signed-in user as the settings screens need them, from the session. */
export function useViewer() {
  const { profile, logout } = useSession();
  const isSuperUser = profile?.is_super_user ?? false;
  return {
    userID: profile?.id ?? null,
    isSuperUser,
    /**
     * The role and permission names route and capability checks use on this merchant (its access_roles in the
     * profile). Super users act for every merchant, also those they hold no role on.
     */
    accessRoles: (merchantID: string): string[] =>
      profile?.merchants.find((merchant) => merchant.id === merchantID)?.access_roles ??
      (isSuperUser ? ['super_admin'] : []),
    logout,
  };
}
