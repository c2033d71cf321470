import { ACCESS_REQUIREMENTS, meetsRequirement } from '@paydesk/domain/access/requirements';
import { useSession } from '../../../lib/session-state';

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
      if (isSuperUser) return true;
      const merchant = findMerchant(merchantID);
      return merchant
        ? meetsRequirement(ACCESS_REQUIREMENTS.merchantSettings, { roles: merchant.access_roles, merchant })
        : false;
    },
    /** The profile lists the user's merchants with their names, logos and flags: reload it after a change. */
    reloadProfile,
  };
}
