import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TokenPair } from '../../../lib/session-state';

export type PartnerSignupInvitation = {
  email: string;
  first_name: string;
  last_name: string;
  merchant_name: string;
};

export type PartnerSignupInput = {
  first_name: string;
  last_name: string;
  password: string;
  password_confirmation: string;
};

type InvitationKey = { id: string; token: string };

function buildPath({ id, token }: InvitationKey): string {
  return `/partner-signup/${encodeURIComponent(id)}/${encodeURIComponent(token)}/`;
}

/** GET /partner-signup/:id/:token/: the invitation, to prefill the form. */
export function getPartnerSignup(key: InvitationKey): Promise<PartnerSignupInvitation> {
  return api.get<PartnerSignupInvitation>(buildPath(key));
}

export function partnerSignupQueryOptions(key: InvitationKey) {
  return queryOptions({
    queryKey: ['partner-signup', key.id, key.token],
    queryFn: () => getPartnerSignup(key),
    staleTime: Infinity,
  });
}

export function usePartnerSignup(key: InvitationKey) {
  return useQuery(partnerSignupQueryOptions(key));
}

/** POST /partner-signup/:id/:token/: registers the invited user and signs them in. */
export function completePartnerSignup(key: InvitationKey, input: PartnerSignupInput): Promise<TokenPair> {
  return api.post<TokenPair>(buildPath(key), input);
}
