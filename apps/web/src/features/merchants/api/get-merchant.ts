import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Merchant } from '../types';

/** GET /merchants/:id/ */
export function getMerchant(merchantID: string, signal?: AbortSignal): Promise<Merchant> {
  return api.get<Merchant>(`/merchants/${encodeURIComponent(merchantID)}/`, { signal });
}

export function getMerchantQueryOptions(merchantID: string) {
  return queryOptions({
    queryKey: ['merchant', merchantID],
    queryFn: ({ signal }) => getMerchant(merchantID, signal),
  });
}

export function useMerchant(merchantID: string) {
  return useQuery(getMerchantQueryOptions(merchantID));
}
