import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MerchantUser } from '../types';
import { getUsersQueryOptions } from './get-users';

/** POST /merchants/:id/users/:userId/disable/: removes the user's roles, blocks sign-in and revokes their tokens. */
export function disableUser(merchantID: string, userID: string): Promise<MerchantUser> {
  return api.post<MerchantUser>(
    `/merchants/${encodeURIComponent(merchantID)}/users/${encodeURIComponent(userID)}/disable/`,
  );
}

export function useDisableUser(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userID: string) => disableUser(merchantID, userID),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions(merchantID).queryKey }),
  });
}
