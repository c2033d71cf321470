import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appUrlOf } from '../../lib/app-url';
import { PUBLIC, SUPER_USER } from '../../plugins/access';
import {
  blacklistSchema,
  detailSchema,
  linkParams,
  partnerInviteSchema,
  partnerSignupSchema,
  passwordResetConfirmSchema,
  passwordResetSchema,
  refreshSchema,
  signInSchema,
  ssoAuthSchema,
  ssoLinkRequestSchema,
  ssoLinkSchema,
  tokenPairSchema,
} from './auth.contract';
import {
  acceptPartnerInvite,
  blacklistRefreshToken,
  completeSignup,
  confirmPasswordReset,
  createSsoLink,
  describeInvite,
  describeSignup,
  refreshTokens,
  requestPasswordReset,
  signIn,
  signInWithSso,
} from './auth.service';

const tags = ['auth'];
const publicAccess = { access: PUBLIC };
const RESET_REQUESTED = 'If an account exists for that email, we have sent a link to reset the password.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/token/',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: signInSchema,
        response: { 200: tokenPairSchema },
      },
    },
    async (request) => signIn(app, { ...request.body, ip: request.ip }),
  );

  app.post(
    '/sso-auth/',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Sign in with a single-use SSO link',
        body: ssoAuthSchema,
        response: { 200: tokenPairSchema },
      },
    },
    async (request) => signInWithSso(app, request.body),
  );

  app.post(
    '/sso-links/',
    {
      config: { access: SUPER_USER },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'Mint a single-use SSO link for a user (super users); valid for 5 minutes',
        body: ssoLinkRequestSchema,
        response: { 201: ssoLinkSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createSsoLink(app, request.body.user_id)),
  );

  app.post(
    '/token/refresh/',
    {
      config: publicAccess,
      schema: { tags, summary: 'Rotate a refresh token', body: refreshSchema, response: { 200: tokenPairSchema } },
    },
    async (request) => refreshTokens(app, request.body.refresh),
  );

  app.post(
    '/token/blacklist/',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Log out: revoke a refresh token and its sign-in',
        body: blacklistSchema,
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      await blacklistRefreshToken(app, request.body.refresh_token);
      return {};
    },
  );

  app.post(
    '/password-reset/',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Email a password reset link',
        body: passwordResetSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      await requestPasswordReset(app, request.body.email, appUrlOf(request));
      return { detail: RESET_REQUESTED };
    },
  );

  app.post(
    '/password-reset/confirm/',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        body: passwordResetConfirmSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      await confirmPasswordReset(app, request.body);
      return { detail: 'Your password has been reset.' };
    },
  );

  app.get(
    '/partner-signup/:id/:token/',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Who a sign-up invitation is for',
        params: linkParams,
        response: {
          200: z.object({
            email: z.string(),
            first_name: z.string(),
            last_name: z.string(),
            merchant_name: z.string(),
          }),
        },
      },
    },
    async (request) => describeSignup(app, request.params.id, request.params.token),
  );

  app.post(
    '/partner-signup/:id/:token/',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Complete a sign-up invitation',
        params: linkParams,
        body: partnerSignupSchema,
        response: { 200: tokenPairSchema },
      },
    },
    async (request) => completeSignup(app, { ...request.params, ...request.body }),
  );

  app.get(
    '/partner-invite/:id/:token/',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Who an invitation for an existing user is for',
        params: linkParams,
        response: { 200: z.object({ email: z.string(), merchant_name: z.string() }) },
      },
    },
    async (request) => describeInvite(app, request.params.id, request.params.token),
  );

  app.post(
    '/partner-invite/:id/:token/',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Accept an invitation with your password',
        params: linkParams,
        body: partnerInviteSchema,
        response: { 200: tokenPairSchema },
      },
    },
    async (request) => acceptPartnerInvite(app, { ...request.params, ...request.body }),
  );
};
