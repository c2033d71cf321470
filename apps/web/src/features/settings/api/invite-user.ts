import { userEndpoints, type InviteUserInput } from '@paydesk/domain/users/users.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getUsersQueryOptions } from './get-users';

/** POST /merchants/:id/users/invite/: the new user is Pending until they register. */
export function inviteUser(merchantID: string, input: InviteUserInput) {
  return api.call(userEndpoints.invite, { params: { id: merchantID }, body: input });
}

export function useInviteUser(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteUserInput) => inviteUser(merchantID, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions(merchantID).queryKey }),
  });
}
