import { roleEndpoints } from '@paydesk/domain/roles/roles.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getRoleQueryOptions } from './get-role';
import { getRolesQueryOptions } from './get-roles';
import { getUsersQueryOptions } from './get-users';

/**
 * DELETE /merchants/:id/roles/:roleId/ (super_admin, admin); `moveTo` (admin, staff or a role id) first gives the
 * role's holders that role.
 */
export function deleteRole(merchantID: string, roleID: string, moveTo?: string): Promise<void> {
  return api.call(roleEndpoints.remove, {
    params: { id: merchantID, rid: roleID },
    ...(moveTo ? { query: { move_to: moveTo } } : {}),
  });
}

export function useDeleteRole(merchantID: string, roleID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (moveTo?: string) => deleteRole(merchantID, roleID, moveTo),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: getRoleQueryOptions(merchantID, roleID).queryKey });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getRolesQueryOptions(merchantID).queryKey }),
        queryClient.invalidateQueries({ queryKey: getUsersQueryOptions(merchantID).queryKey }),
      ]);
    },
  });
}
