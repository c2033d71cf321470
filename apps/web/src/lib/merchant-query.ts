// One merchant's own record (GET /merchants/:id/), read by the merchant pages, the settings screens and the rest
// under one key, so a save anywhere (turning custom roles on, say) shows everywhere at once.

import { merchantEndpoints } from '@paydesk/domain/merchants/merchants.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';
import { useSession } from './session-state';
import { useViewer } from './use-viewer';

export function merchantQueryOptions(merchantID: string) {
  return queryOptions({
    queryKey: queryKeys.merchant(merchantID),
    queryFn: () => api.call(merchantEndpoints.get, { params: { id: merchantID } }),
  });
}

/**
 * A merchant the user may not open answers 404 (`error`), which the screens show as Page Not Found. With
 * `onlyIfOpenable` it is not even asked for one the user holds no role on (the settings screens, which say so at once).
 */
export function useMerchant(merchantID: string, options: { onlyIfOpenable?: boolean } = {}) {
  const viewer = useViewer();
  const enabled = !options.onlyIfOpenable || viewer.mayOpenMerchant(merchantID);
  return useQuery({ ...merchantQueryOptions(merchantID), enabled });
}

/**
 * The merchant's time zone, in which its dates are shown (MM/DD/YYYY on its calendar): from the session's profile, or
 * the merchant's record for one the user is not a member of (a super user's); undefined until known.
 */
export function useMerchantTimeZone(merchantID: string): string | undefined {
  const { profile } = useSession();
  const fromProfile = profile?.merchants.find((merchant) => merchant.id === merchantID)?.timezone;
  const merchant = useQuery({ ...merchantQueryOptions(merchantID), enabled: !fromProfile && Boolean(merchantID) });
  return fromProfile ?? merchant.data?.timezone;
}
