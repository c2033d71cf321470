import { userEndpoints } from '@paydesk/domain/users/users.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getUsersQueryOptions } from './get-users';

/** POST /merchants/:id/users/:userId/disable/: removes the user's roles, blocks sign-in and revokes their tokens. */
export function disableUser(merchantID: string, userID: string) {
  return api.call(userEndpoints.disable, { params: { id: merchantID, userId: userID } });
}

export function useDisableUser(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userID: string) => disableUser(merchantID, userID),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions(merchantID).queryKey }),
  });
}
