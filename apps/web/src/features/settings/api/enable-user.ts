import { userEndpoints, type AssignRoleInput } from '@paydesk/domain/users/users.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getUsersQueryOptions } from './get-users';

/** POST /merchants/:id/users/:userId/enable/: a user disabled at this merchant gets a role here again. */
export function enableUser(merchantID: string, userID: string, input: AssignRoleInput) {
  return api.call(userEndpoints.enable, { params: { id: merchantID, userId: userID }, body: input });
}

export function useEnableUser(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userID, input }: { userID: string; input: AssignRoleInput }) =>
      enableUser(merchantID, userID, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions(merchantID).queryKey }),
  });
}
