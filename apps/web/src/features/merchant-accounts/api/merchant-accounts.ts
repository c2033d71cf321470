import {
  merchantAccountEndpoints,
  type MerchantAccountInput,
  type merchantAccountListQuery,
  type merchantAccountPatchSchema,
} from '@paydesk/domain/locations/merchant-accounts.contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type MerchantAccountPatchInput = z.input<typeof merchantAccountPatchSchema>;

export type MerchantAccountListParams = {
  page: number;
  pageSize: number;
  /** Only this location's accounts; all when null. */
  locationID: string | null;
  ordering?: z.output<typeof merchantAccountListQuery>['ordering'];
};

/** GET /merchants/:id/merchant_accounts/ */
export function getMerchantAccountsQueryOptions(merchantID: string, params: MerchantAccountListParams) {
  return queryOptions({
    queryKey: queryKeys.merchantAccounts.list(merchantID, params),
    queryFn: () =>
      api.call(merchantAccountEndpoints.list, {
        params: { id: merchantID },
        query: {
          page: params.page,
          page_size: params.pageSize,
          ordering: params.ordering,
          ...(params.locationID ? { location: params.locationID } : {}),
        },
      }),
    placeholderData: keepPreviousData,
    enabled: merchantID !== '',
  });
}

export function useMerchantAccounts(merchantID: string, params: MerchantAccountListParams) {
  return useQuery(getMerchantAccountsQueryOptions(merchantID, params));
}

export function getMerchantAccountQueryOptions(merchantID: string, accountID: string) {
  return queryOptions({
    queryKey: queryKeys.merchantAccounts.item(merchantID, accountID),
    queryFn: () => api.call(merchantAccountEndpoints.get, { params: { id: merchantID, merchantAccountId: accountID } }),
    enabled: merchantID !== '' && accountID !== '',
  });
}

export function useMerchantAccount(merchantID: string, accountID: string) {
  return useQuery(getMerchantAccountQueryOptions(merchantID, accountID));
}

/** POST /merchants/:id/merchant_accounts/ (super_admin, admin). */
export function useCreateMerchantAccount(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MerchantAccountInput) =>
      api.call(merchantAccountEndpoints.create, { params: { id: merchantID }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.merchantAccounts.all(merchantID) }),
  });
}

/** PATCH /merchants/:id/merchant_accounts/:merchantAccountId/: the deposit account number only when retyped. */
export function useUpdateMerchantAccount(merchantID: string, accountID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MerchantAccountPatchInput) =>
      api.call(merchantAccountEndpoints.update, {
        params: { id: merchantID, merchantAccountId: accountID },
        body: input,
      }),
    onSuccess: async (account) => {
      queryClient.setQueryData(getMerchantAccountQueryOptions(merchantID, accountID).queryKey, account);
      await queryClient.invalidateQueries({ queryKey: queryKeys.merchantAccounts.all(merchantID) });
    },
  });
}

export function useDeleteMerchantAccount(merchantID: string, accountID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.call(merchantAccountEndpoints.remove, { params: { id: merchantID, merchantAccountId: accountID } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: getMerchantAccountQueryOptions(merchantID, accountID).queryKey });
      await queryClient.invalidateQueries({ queryKey: queryKeys.merchantAccounts.all(merchantID) });
    },
  });
}
