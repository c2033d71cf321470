import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Role, RoleInput } from '../types';
import { getRoleQueryOptions } from './get-role';
import { getRolesQueryOptions } from './get-roles';
import { getUsersQueryOptions } from './get-users';

/** PUT /merchants/:id/roles/:roleId/ (super_admin, admin). Amounts are integer cents. */
export function updateRole(merchantID: string, roleID: string, input: RoleInput): Promise<Role> {
  return api.put<Role>(`/merchants/${encodeURIComponent(merchantID)}/roles/${encodeURIComponent(roleID)}/`, input);
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
