// One merchant's own record (GET /merchants/:id/), read by the merchant pages, the settings screens and the rest
// under one key, so a save anywhere (turning custom roles on, say) shows everywhere at once.

import { merchantEndpoints } from '@paydesk/domain/merchants/merchants.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';
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
