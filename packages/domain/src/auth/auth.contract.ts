import { z } from 'zod';
import { PUBLIC, SUPER_USER } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';
import { REQUIRED } from '../validation/messages';
import { emailField, passwordConfirmation, passwordField, requiredString } from '../validation/rules';

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export const signInSchema = z.object({ email: emailField(), password: requiredString() });
export const ssoAuthSchema = z.object({ id: requiredString(), token: requiredString() });
export const ssoLinkRequestSchema = z.object({ user_id: requiredString() });
export const ssoLinkSchema = z.object({ id: z.string(), token: z.string(), url: z.string() });
export const refreshSchema = z.object({ refresh: requiredString() });
export const blacklistSchema = z.object({ refresh_token: requiredString() });
export const passwordResetSchema = z.object({ email: emailField() });

/** A new password and its confirmation (SPEC §5); the confirmation is not trimmed, it must equal the password. */
export const newPasswordShape = {
  password: passwordField(),
  password_confirmation: z.string({ error: REQUIRED }).min(1, { error: REQUIRED }),
};

const withPasswordConfirmation = <T extends z.ZodObject>(schema: T): T =>
  passwordConfirmation(schema, { password: 'password', confirm: 'password_confirmation' });

export const passwordResetConfirmSchema = withPasswordConfirmation(
  z.object({ id: requiredString(), token: requiredString(), ...newPasswordShape }),
);
export const partnerSignupSchema = withPasswordConfirmation(
  z.object({ first_name: requiredString(), last_name: requiredString(), ...newPasswordShape }),
);
export const partnerInviteSchema = z.object({ password: requiredString() });
export const linkParams = z.object({ id: z.string(), token: z.string() });
export const detailSchema = z.object({ detail: z.string() });
export const signupInvitationSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  merchant_name: z.string(),
});
export const partnerInvitationSchema = z.object({ email: z.string(), merchant_name: z.string() });

export type TokenPair = z.infer<typeof tokenPairSchema>;
export type Credentials = z.input<typeof signInSchema>;
export type SsoCredentials = z.input<typeof ssoAuthSchema>;
export type PasswordResetConfirmation = z.input<typeof passwordResetConfirmSchema>;
export type PartnerSignupInput = z.input<typeof partnerSignupSchema>;
export type PartnerSignupInvitation = z.infer<typeof signupInvitationSchema>;
export type PartnerInvitation = z.infer<typeof partnerInvitationSchema>;

const tags = ['auth'];

export const authEndpoints = {
  signIn: defineEndpoint({
    method: 'POST',
    path: '/token/',
    summary: 'Sign in with email and password',
    tags,
    access: PUBLIC,
    body: signInSchema,
    status: 200,
    response: tokenPairSchema,
    errors: [400, 429],
  }),
  ssoAuth: defineEndpoint({
    method: 'POST',
    path: '/sso-auth/',
    summary: 'Sign in with a single-use SSO link',
    tags,
    access: PUBLIC,
    body: ssoAuthSchema,
    status: 200,
    response: tokenPairSchema,
    errors: [400],
  }),
  createSsoLink: defineEndpoint({
    method: 'POST',
    path: '/sso-links/',
    summary: 'Mint a single-use SSO link for a user (super users); valid for 5 minutes',
    tags,
    access: SUPER_USER,
    body: ssoLinkRequestSchema,
    status: 201,
    response: ssoLinkSchema,
    errors: [400, 401, 403],
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/token/refresh/',
    summary: 'Rotate a refresh token',
    tags,
    access: PUBLIC,
    body: refreshSchema,
    status: 200,
    response: tokenPairSchema,
    errors: [400, 401],
  }),
  blacklist: defineEndpoint({
    method: 'POST',
    path: '/token/blacklist/',
    summary: 'Log out: revoke a refresh token and its sign-in',
    tags,
    access: PUBLIC,
    body: blacklistSchema,
    status: 200,
    response: z.object({}),
    errors: [400],
  }),
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/password-reset/',
    summary: 'Email a password reset link',
    tags,
    access: PUBLIC,
    body: passwordResetSchema,
    status: 200,
    response: detailSchema,
    errors: [400, 429],
  }),
  checkPasswordReset: defineEndpoint({
    method: 'GET',
    path: '/password-reset/:id/:token/',
    summary: 'Whether a password reset link can still be used (else token.invalid)',
    tags,
    access: PUBLIC,
    params: linkParams,
    status: 200,
    response: detailSchema,
    errors: [400],
  }),
  confirmPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/password-reset/confirm/',
    summary: 'Set a new password with a reset link',
    tags,
    access: PUBLIC,
    body: passwordResetConfirmSchema,
    status: 200,
    response: detailSchema,
    errors: [400],
  }),
  describeSignup: defineEndpoint({
    method: 'GET',
    path: '/partner-signup/:id/:token/',
    summary: 'Who a sign-up invitation is for',
    tags,
    access: PUBLIC,
    params: linkParams,
    status: 200,
    response: signupInvitationSchema,
    errors: [400],
  }),
  completeSignup: defineEndpoint({
    method: 'POST',
    path: '/partner-signup/:id/:token/',
    summary: 'Complete a sign-up invitation',
    tags,
    access: PUBLIC,
    params: linkParams,
    body: partnerSignupSchema,
    status: 200,
    response: tokenPairSchema,
    errors: [400, 409],
  }),
  describeInvite: defineEndpoint({
    method: 'GET',
    path: '/partner-invite/:id/:token/',
    summary: 'Who an invitation for an existing user is for',
    tags,
    access: PUBLIC,
    params: linkParams,
    status: 200,
    response: partnerInvitationSchema,
    errors: [400],
  }),
  acceptInvite: defineEndpoint({
    method: 'POST',
    path: '/partner-invite/:id/:token/',
    summary: 'Accept an invitation with your password',
    tags,
    access: PUBLIC,
    params: linkParams,
    body: partnerInviteSchema,
    status: 200,
    response: tokenPairSchema,
    errors: [400, 429],
  }),
} as const;
