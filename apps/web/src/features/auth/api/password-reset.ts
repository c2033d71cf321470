import { authEndpoints, type PasswordResetConfirmation } from '@paydesk/domain/auth/auth.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /password-reset/: always answers 200; the email goes out only to a real, active user. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.call(authEndpoints.requestPasswordReset, { body: { email } });
}

/** POST /password-reset/confirm/: sets the new password with the emailed link's id and token. */
export async function confirmPasswordReset(input: PasswordResetConfirmation): Promise<void> {
  await api.call(authEndpoints.confirmPasswordReset, { body: input });
}

/** GET /password-reset/:id/:token/: whether the emailed link can still be used (else `token.invalid`). */
export function checkPasswordResetLink(key: { id: string; token: string }) {
  return api.call(authEndpoints.checkPasswordReset, { params: key });
}

export function usePasswordResetLink(key: { id: string; token: string }) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.links.passwordReset(key.id, key.token),
      queryFn: () => checkPasswordResetLink(key),
      staleTime: Infinity,
    }),
  );
}
