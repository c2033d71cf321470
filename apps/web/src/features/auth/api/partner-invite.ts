import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TokenPair } from '../../../lib/session-state';

export type PartnerInvitation = { email: string; merchant_name: string };

type InvitationKey = { id: string; token: string };

function buildPath({ id, token }: InvitationKey): string {
  return `/partner-invite/${encodeURIComponent(id)}/${encodeURIComponent(token)}/`;
}

/** GET /partner-invite/:id/:token/: the merchant an existing user is invited to. */
export function getPartnerInvite(key: InvitationKey): Promise<PartnerInvitation> {
  return api.get<PartnerInvitation>(buildPath(key));
}

export function partnerInviteQueryOptions(key: InvitationKey) {
  return queryOptions({
    queryKey: ['partner-invite', key.id, key.token],
    queryFn: () => getPartnerInvite(key),
    staleTime: Infinity,
  });
}

export function usePartnerInvite(key: InvitationKey) {
  return useQuery(partnerInviteQueryOptions(key));
}

/** POST /partner-invite/:id/:token/: accepts with the user's existing password and signs them in. */
export function acceptPartnerInvite(key: InvitationKey, password: string): Promise<TokenPair> {
  return api.post<TokenPair>(buildPath(key), { password });
}
