import { roleEndpoints } from '@paydesk/domain/roles/roles.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getRoleQueryOptions } from './get-role';
import { getRolesQueryOptions } from './get-roles';
import { getUsersQueryOptions } from './get-users';

/** DELETE /merchants/:id/roles/:roleId/ (super_admin, admin). */
export function deleteRole(merchantID: string, roleID: string): Promise<void> {
  return api.call(roleEndpoints.remove, { params: { id: merchantID, rid: roleID } });
}

export function useDeleteRole(merchantID: string, roleID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteRole(merchantID, roleID),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: getRoleQueryOptions(merchantID, roleID).queryKey });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getRolesQueryOptions(merchantID).queryKey }),
        queryClient.invalidateQueries({ queryKey: getUsersQueryOptions(merchantID).queryKey }),
      ]);
    },
  });
}
