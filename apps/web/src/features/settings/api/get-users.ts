import { userEndpoints, type merchantUserListQuery } from '@paydesk/domain/users/users.contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type UserListParams = {
  page: number;
  pageSize: number;
  ordering?: z.output<typeof merchantUserListQuery>['ordering'];
};

/** GET /merchants/:id/users/ (super_admin, admin, is_user_update_allowed). */
export function getUsers(merchantID: string, { page, pageSize, ordering }: UserListParams) {
  return api.call(userEndpoints.list, { params: { id: merchantID }, query: { page, page_size: pageSize, ordering } });
}

/** Without params: the key prefix of every page of the merchant's users, for invalidation. */
export function getUsersQueryOptions(merchantID: string, params?: UserListParams) {
  return queryOptions({
    queryKey: params ? queryKeys.users.list(merchantID, params) : queryKeys.users.all(merchantID),
    queryFn: () => getUsers(merchantID, params ?? { page: 1, pageSize: 50 }),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(merchantID: string, params: UserListParams) {
  return useQuery(getUsersQueryOptions(merchantID, params));
}
