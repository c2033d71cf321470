import { authEndpoints, type PartnerSignupInput, type TokenPair } from '@paydesk/domain/auth/auth.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type InvitationKey = { id: string; token: string };

/** GET /partner-signup/:id/:token/: the invitation, to prefill the form. */
export function getPartnerSignup(key: InvitationKey) {
  return api.call(authEndpoints.describeSignup, { params: key });
}

export function partnerSignupQueryOptions(key: InvitationKey) {
  return queryOptions({
    queryKey: queryKeys.links.partnerSignup(key.id, key.token),
    queryFn: () => getPartnerSignup(key),
    staleTime: Infinity,
  });
}

export function usePartnerSignup(key: InvitationKey) {
  return useQuery(partnerSignupQueryOptions(key));
}

/** POST /partner-signup/:id/:token/: registers the invited user and signs them in. */
export function completePartnerSignup(key: InvitationKey, input: PartnerSignupInput): Promise<TokenPair> {
  return api.call(authEndpoints.completeSignup, { params: key, body: input });
}
