import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Merchant, MerchantCreateInput } from '../types';
import { getMerchantsQueryOptions } from './get-merchants';

/** POST /merchants/ (super users). */
export function createMerchant(input: MerchantCreateInput): Promise<Merchant> {
  return api.post<Merchant>('/merchants/', input);
}

export function useCreateMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMerchant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMerchantsQueryOptions().queryKey }),
  });
}
