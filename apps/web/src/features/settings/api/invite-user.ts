import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { InviteUserInput, MerchantUser } from '../types';
import { getUsersQueryOptions } from './get-users';

/** POST /merchants/:id/users/invite/: the new user is Pending until they register. */
export function inviteUser(merchantID: string, input: InviteUserInput): Promise<MerchantUser> {
  return api.post<MerchantUser>(`/merchants/${encodeURIComponent(merchantID)}/users/invite/`, input);
}

export function useInviteUser(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteUserInput) => inviteUser(merchantID, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions(merchantID).queryKey }),
  });
}
