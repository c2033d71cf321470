import { TABLE_DEFAULT_ROWS } from '@paydesk/domain/constants';
import { merchantEndpoints, type merchantListQuery } from '@paydesk/domain/merchants/merchants.contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type MerchantListParams = {
  search: string;
  page: number;
  pageSize: number;
  ordering?: z.output<typeof merchantListQuery>['ordering'];
};

/** GET /merchants/: the merchants the user may act for (all of them for super users), searched by name. */
export function getMerchants({ search, page, pageSize, ordering }: MerchantListParams) {
  const text = search.trim();
  return api.call(merchantEndpoints.list, {
    query: { search: text || undefined, page, page_size: pageSize, ordering },
  });
}

/** Without params: the key prefix of every merchant list, for invalidation. */
export function getMerchantsQueryOptions(params?: MerchantListParams) {
  const resolved = params ?? { search: '', page: 1, pageSize: TABLE_DEFAULT_ROWS };
  return queryOptions({
    queryKey: params
      ? queryKeys.merchants.list({ ...params, search: params.search.trim() })
      : queryKeys.merchants.all(),
    queryFn: () => getMerchants(resolved),
    placeholderData: keepPreviousData,
  });
}

export function useMerchants(params: MerchantListParams) {
  return useQuery(getMerchantsQueryOptions(params));
}
