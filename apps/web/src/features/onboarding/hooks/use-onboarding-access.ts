import { ACCESS_REQUIREMENTS, meetsRequirement } from '@paydesk/domain/access/requirements';
import { findMerchantAccessRoles, useSession } from '../../../lib/session-state';

/**
 * (A copy lives in features/owners/hooks: features do not import each other.)
 * Whether the user may change the merchant's business details and owners (and see SSN last 4): its administrators
 * (the API's rule, ACCESS_REQUIREMENTS.onboardingSettings). Everyone at the merchant may read them.
 */
export function useMayEditOnboarding(merchantID: string): boolean {
  const { profile } = useSession();
  return meetsRequirement(ACCESS_REQUIREMENTS.onboardingSettings, {
    roles: findMerchantAccessRoles(profile, merchantID),
    merchant: { check_custom_roles: false },
  });
}
