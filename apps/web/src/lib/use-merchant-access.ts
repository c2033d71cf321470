import { meetsRequirement, type RoleRequirement } from '@paydesk/domain/access/requirements';
import { useParams, useSearchParams } from 'react-router';
import { findMerchantAccessRoles, useSession } from './session-state';

/**
 * The merchant a screen acts on: the path's `:merchantID` when the route has one; else, on the routes without it
 * (e.g. /locations/create, SPEC §2), the `merchant` query parameter that links from a merchant's own pages carry
 * (a super user may be on a merchant that is not among their own, which cannot become the current one), else the
 * current merchant. Empty while no merchant is chosen.
 */
export function useRouteMerchantId(): string {
  const { merchantID } = useParams();
  const [searchParams] = useSearchParams();
  const { currentMerchant } = useSession();
  return merchantID ?? searchParams.get('merchant') ?? currentMerchant?.id ?? '';
}

/** A path of a route without `:merchantID` that acts on this merchant (see `useRouteMerchantId`). */
export function withMerchant(path: string, merchantID: string): string {
  return merchantID ? `${path}?merchant=${encodeURIComponent(merchantID)}` : path;
}

/** Whether the signed-in user meets a requirement on a merchant (the same rule the API checks; SPEC §6). */
export function useMeetsMerchantRequirement(merchantID: string, requirement: RoleRequirement): boolean {
  const { profile } = useSession();
  const merchant = profile?.merchants.find((item) => item.id === merchantID);
  return meetsRequirement(requirement, {
    roles: findMerchantAccessRoles(profile, merchantID),
    merchant: { check_custom_roles: merchant?.check_custom_roles ?? false },
  });
}
