import { merchantEndpoints } from '@paydesk/domain/merchants/merchants.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { merchantQueryOptions } from '../../../lib/merchant-query';
import { getMerchantsQueryOptions } from './get-merchants';

/** DELETE /merchants/:id/ (super users). */
export function deleteMerchant(merchantID: string): Promise<void> {
  return api.call(merchantEndpoints.remove, { params: { id: merchantID } });
}

export function useDeleteMerchant(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteMerchant(merchantID),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: merchantQueryOptions(merchantID).queryKey });
      return queryClient.invalidateQueries({ queryKey: getMerchantsQueryOptions().queryKey });
    },
  });
}
