import { api } from '../../../lib/api-client';

export type PasswordResetConfirmation = {
  id: string;
  token: string;
  password: string;
  password_confirmation: string;
};

/** POST /password-reset/: always answers 200; the email goes out only to a real, active user. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/password-reset/', { email });
}

/** POST /password-reset/confirm/: sets the new password with the emailed link's id and token. */
export async function confirmPasswordReset(input: PasswordResetConfirmation): Promise<void> {
  await api.post('/password-reset/confirm/', input);
}
