import { merchantEndpoints, type MerchantInput } from '@paydesk/domain/merchants/merchants.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { merchantQueryOptions } from '../../../lib/merchant-query';
import { getMerchantsQueryOptions } from './get-merchants';

/** PUT /merchants/:id/ (super_admin, admin). */
export function updateMerchant(merchantID: string, input: MerchantInput) {
  return api.call(merchantEndpoints.replace, { params: { id: merchantID }, body: input });
}

export function useUpdateMerchant(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MerchantInput) => updateMerchant(merchantID, input),
    onSuccess: (merchant) => {
      queryClient.setQueryData(merchantQueryOptions(merchantID).queryKey, merchant);
      return queryClient.invalidateQueries({ queryKey: getMerchantsQueryOptions().queryKey });
    },
  });
}
