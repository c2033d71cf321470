import { userEndpoints, type AssignRoleInput } from '@paydesk/domain/users/users.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getUsersQueryOptions } from './get-users';

/** PATCH /merchants/:id/users/:userId/: the role the user holds at this merchant. */
export function changeUserRole(merchantID: string, userID: string, input: AssignRoleInput) {
  return api.call(userEndpoints.changeRole, { params: { id: merchantID, userId: userID }, body: input });
}

export function useChangeUserRole(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userID, input }: { userID: string; input: AssignRoleInput }) =>
      changeUserRole(merchantID, userID, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions(merchantID).queryKey }),
  });
}
