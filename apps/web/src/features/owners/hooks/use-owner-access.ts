import { ACCESS_REQUIREMENTS, meetsRequirement } from '@paydesk/domain/access/requirements';
import { findMerchantAccessRoles, useSession } from '../../../lib/session-state';

/**
 * Whether the user may change the merchant's business details and owners (and see SSN last 4): its administrators
 * (the API's rule, ACCESS_REQUIREMENTS.onboardingSettings). Everyone at the merchant may read them.
 */
export function useMayEditOwners(merchantID: string): boolean {
  const { profile } = useSession();
  return meetsRequirement(ACCESS_REQUIREMENTS.onboardingSettings, {
    roles: findMerchantAccessRoles(profile, merchantID),
    merchant: { check_custom_roles: false },
  });
}

/** The merchant a route names, or else the current merchant (for routes whose `:merchantID` is optional). */
export function useRouteMerchantID(routeMerchantID: string | undefined): string {
  const { currentMerchant } = useSession();
  return routeMerchantID ?? currentMerchant?.id ?? '';
}
