import { merchantEndpoints } from '@paydesk/domain/merchants/merchants.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useViewer } from '../hooks/use-viewer';

/** GET /merchants/:id/ */
export function getSettingsMerchant(merchantID: string) {
  return api.call(merchantEndpoints.get, { params: { id: merchantID } });
}

/**
 * The merchants feature reads the same resource under the same key, so a save of the general settings (e.g.
 * turning custom roles on) updates the settings screens too.
 */
export function getSettingsMerchantQueryOptions(merchantID: string) {
  return queryOptions({
    queryKey: ['merchant', merchantID],
    queryFn: () => getSettingsMerchant(merchantID),
  });
}

/** Not asked for a merchant the user holds no role on (the API would answer 404; the settings show Page Not Found). */
export function useSettingsMerchant(merchantID: string) {
  const viewer = useViewer();
  return useQuery({ ...getSettingsMerchantQueryOptions(merchantID), enabled: viewer.mayOpenMerchant(merchantID) });
}
