import { roleEndpoints, type RoleInput } from '@paydesk/domain/roles/roles.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getRoleQueryOptions } from './get-role';
import { getRolesQueryOptions } from './get-roles';
import { getUsersQueryOptions } from './get-users';

/** PUT /merchants/:id/roles/:roleId/ (super_admin, admin). Amounts are integer cents. */
export function updateRole(merchantID: string, roleID: string, input: RoleInput) {
  return api.call(roleEndpoints.replace, { params: { id: merchantID, rid: roleID }, body: input });
}

export function useUpdateRole(merchantID: string, roleID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoleInput) => updateRole(merchantID, roleID, input),
    onSuccess: async (role) => {
      queryClient.setQueryData(getRoleQueryOptions(merchantID, roleID).queryKey, role);
      // The users table shows custom role names.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getRolesQueryOptions(merchantID).queryKey }),
        queryClient.invalidateQueries({ queryKey: getUsersQueryOptions(merchantID).queryKey }),
      ]);
    },
  });
}
