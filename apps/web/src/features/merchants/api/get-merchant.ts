import { merchantEndpoints } from '@paydesk/domain/merchants/merchants.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /merchants/:id/ */
export function getMerchant(merchantID: string) {
  return api.call(merchantEndpoints.get, { params: { id: merchantID } });
}

export function getMerchantQueryOptions(merchantID: string) {
  return queryOptions({
    queryKey: ['merchant', merchantID],
    queryFn: () => getMerchant(merchantID),
  });
}

export function useMerchant(merchantID: string) {
  return useQuery(getMerchantQueryOptions(merchantID));
}
