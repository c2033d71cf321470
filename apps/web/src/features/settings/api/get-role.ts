import { roleEndpoints } from '@paydesk/domain/roles/roles.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /merchants/:id/roles/:roleId/ */
export function getRole(merchantID: string, roleID: string) {
  return api.call(roleEndpoints.get, { params: { id: merchantID, rid: roleID } });
}

/** Under the merchant's roles prefix (see get-roles), so a role change refreshes lists and the role alike. */
export function getRoleQueryOptions(merchantID: string, roleID: string) {
  return queryOptions({
    queryKey: queryKeys.roles.item(merchantID, roleID),
    queryFn: () => getRole(merchantID, roleID),
  });
}

export function useRole(merchantID: string, roleID: string) {
  return useQuery(getRoleQueryOptions(merchantID, roleID));
}
