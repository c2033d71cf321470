import { merchantEndpoints, type MerchantCreateInput } from '@paydesk/domain/merchants/merchants.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getMerchantsQueryOptions } from './get-merchants';

/** POST /merchants/ (super users). */
export function createMerchant(input: MerchantCreateInput) {
  return api.call(merchantEndpoints.create, { body: input });
}

export function useCreateMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMerchant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMerchantsQueryOptions().queryKey }),
  });
}
