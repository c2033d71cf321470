import { roleEndpoints, type RoleInput } from '@paydesk/domain/roles/roles.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getRolesQueryOptions } from './get-roles';

/** POST /merchants/:id/roles/ (super_admin, admin). Amounts are integer cents. */
export function createRole(merchantID: string, input: RoleInput) {
  return api.call(roleEndpoints.create, { params: { id: merchantID }, body: input });
}

export function useCreateRole(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoleInput) => createRole(merchantID, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getRolesQueryOptions(merchantID).queryKey }),
  });
}
