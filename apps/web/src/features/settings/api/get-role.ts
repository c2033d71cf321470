import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Role } from '../types';

/** GET /merchants/:id/roles/:roleId/ */
export function getRole(merchantID: string, roleID: string, signal?: AbortSignal): Promise<Role> {
  return api.get<Role>(`/merchants/${encodeURIComponent(merchantID)}/roles/${encodeURIComponent(roleID)}/`, {
    signal,
  });
}

/** Under the merchant's roles prefix (see get-roles), so a role change refreshes lists and the role alike. */
export function getRoleQueryOptions(merchantID: string, roleID: string) {
  return queryOptions({
    queryKey: ['merchant-roles', merchantID, 'role', roleID],
    queryFn: ({ signal }) => getRole(merchantID, roleID, signal),
  });
}

export function useRole(merchantID: string, roleID: string) {
  return useQuery(getRoleQueryOptions(merchantID, roleID));
}
