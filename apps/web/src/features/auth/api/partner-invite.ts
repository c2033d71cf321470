import { authEndpoints, type TokenPair } from '@paydesk/domain/auth/auth.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type InvitationKey = { id: string; token: string };

/** GET /partner-invite/:id/:token/: the merchant an existing user is invited to. */
export function getPartnerInvite(key: InvitationKey) {
  return api.call(authEndpoints.describeInvite, { params: key });
}

export function partnerInviteQueryOptions(key: InvitationKey) {
  return queryOptions({
    queryKey: queryKeys.links.partnerInvite(key.id, key.token),
    queryFn: () => getPartnerInvite(key),
    staleTime: Infinity,
  });
}

export function usePartnerInvite(key: InvitationKey) {
  return useQuery(partnerInviteQueryOptions(key));
}

/** POST /partner-invite/:id/:token/: accepts with the user's existing password and signs them in. */
export function acceptPartnerInvite(key: InvitationKey, password: string): Promise<TokenPair> {
  return api.call(authEndpoints.acceptInvite, { params: key, body: { password } });
}
