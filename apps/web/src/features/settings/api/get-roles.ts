import { roleEndpoints, type roleListQuery } from '@paydesk/domain/roles/roles.contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type RoleListParams = { page: number; pageSize: number; ordering?: z.output<typeof roleListQuery>['ordering'] };

/** GET /merchants/:id/roles/ (super_admin, admin). */
export function getRoles(merchantID: string, { page, pageSize, ordering }: RoleListParams) {
  return api.call(roleEndpoints.list, { params: { id: merchantID }, query: { page, page_size: pageSize, ordering } });
}

/** Without params: the key prefix of the merchant's roles (lists and single roles), for invalidation. */
export function getRolesQueryOptions(merchantID: string, params?: RoleListParams) {
  return queryOptions({
    queryKey: params ? queryKeys.roles.list(merchantID, params) : queryKeys.roles.all(merchantID),
    queryFn: () => getRoles(merchantID, params ?? { page: 1, pageSize: 50 }),
    placeholderData: keepPreviousData,
  });
}

export function useRoles(merchantID: string, params: RoleListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getRolesQueryOptions(merchantID, params), enabled: options.enabled ?? true });
}
