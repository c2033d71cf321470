import { emailField, passwordConfirmation, passwordField, requiredString } from '@paydesk/domain/validation/rules';
import { z } from 'zod';

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export const signInSchema = z.object({ email: emailField(), password: requiredString() });
export const ssoAuthSchema = z.object({ id: requiredString(), token: requiredString() });
export const ssoLinkRequestSchema = z.object({ user_id: requiredString() });
export const ssoLinkSchema = z.object({ id: z.string(), token: z.string(), url: z.string() });
export const refreshSchema = z.object({ refresh: requiredString() });
export const blacklistSchema = z.object({ refresh_token: requiredString() });
export const passwordResetSchema = z.object({ email: emailField() });
export const passwordResetConfirmSchema = passwordConfirmation(
  z.object({
    id: requiredString(),
    token: requiredString(),
    password: passwordField(),
    password_confirmation: requiredString(),
  }),
  { password: 'password', confirm: 'password_confirmation' },
);
export const partnerSignupSchema = passwordConfirmation(
  z.object({
    first_name: requiredString(),
    last_name: requiredString(),
    password: passwordField(),
    password_confirmation: requiredString(),
  }),
  { password: 'password', confirm: 'password_confirmation' },
);
export const partnerInviteSchema = z.object({ password: requiredString() });
export const linkParams = z.object({ id: z.string(), token: z.string() });
export const detailSchema = z.object({ detail: z.string() });
