import { merchantEndpoints } from '@paydesk/domain/merchants/merchants.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /merchants/:id/ */
export function getSettingsMerchant(merchantID: string, signal?: AbortSignal) {
  return api.call(merchantEndpoints.get, { params: { id: merchantID } }, { signal });
}

/**
 * The merchants feature reads the same resource under the same key, so a save of the general settings (e.g.
 * turning custom roles on) updates the settings screens too.
 */
export function getSettingsMerchantQueryOptions(merchantID: string) {
  return queryOptions({
    queryKey: ['merchant', merchantID],
    queryFn: ({ signal }) => getSettingsMerchant(merchantID, signal),
  });
}

export function useSettingsMerchant(merchantID: string) {
  return useQuery(getSettingsMerchantQueryOptions(merchantID));
}
