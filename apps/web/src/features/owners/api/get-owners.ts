import { ownerEndpoints, type ownerListQuery } from '@paydesk/domain/owners/owners.contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type OwnerListParams = {
  page: number;
  pageSize: number;
  ordering?: z.output<typeof ownerListQuery>['ordering'];
};

/** GET /merchants/:id/business_owners/ (anyone at the merchant; SSN last 4 for its administrators only). */
export function getOwners(merchantID: string, { page, pageSize, ordering }: OwnerListParams) {
  return api.call(ownerEndpoints.list, { params: { id: merchantID }, query: { page, page_size: pageSize, ordering } });
}

/** Without params: the key prefix of the merchant's owners (lists and single owners), for invalidation. */
export function getOwnersQueryOptions(merchantID: string, params?: OwnerListParams) {
  return queryOptions({
    queryKey: params ? queryKeys.owners.list(merchantID, params) : queryKeys.owners.all(merchantID),
    queryFn: () => getOwners(merchantID, params ?? { page: 1, pageSize: 50 }),
    placeholderData: keepPreviousData,
  });
}

export function useOwners(merchantID: string, params: OwnerListParams) {
  return useQuery(getOwnersQueryOptions(merchantID, params));
}
