import { authEndpoints as endpoints } from '@paydesk/domain/auth/auth.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import {
  acceptPartnerInvite,
  blacklistRefreshToken,
  checkPasswordResetLink,
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

const RESET_REQUESTED = 'If an account exists for that email, we have sent a link to reset the password.';

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.signIn, async (request) => signIn(ctx, { ...request.body, ip: request.ip }));

  registerEndpoint(app, endpoints.ssoAuth, async (request) => signInWithSso(ctx, request.body));

  registerEndpoint(app, endpoints.createSsoLink, async (request) => createSsoLink(ctx, request.body.user_id));

  registerEndpoint(app, endpoints.refresh, async (request) => refreshTokens(ctx, request.body.refresh));

  registerEndpoint(app, endpoints.blacklist, async (request) => {
    await blacklistRefreshToken(ctx, request.body.refresh_token);
    return {};
  });

  registerEndpoint(app, endpoints.requestPasswordReset, async (request) => {
    await requestPasswordReset(ctx, request.body.email, request.ip);
    return { detail: RESET_REQUESTED };
  });

  registerEndpoint(app, endpoints.checkPasswordReset, async (request) => {
    await checkPasswordResetLink(ctx, request.params.id, request.params.token);
    return { detail: 'The link is valid.' };
  });

  registerEndpoint(app, endpoints.confirmPasswordReset, async (request) => {
    await confirmPasswordReset(ctx, request.body);
    return { detail: 'Your password has been reset.' };
  });

  registerEndpoint(app, endpoints.describeSignup, async (request) =>
    describeSignup(ctx, request.params.id, request.params.token),
  );

  registerEndpoint(app, endpoints.completeSignup, async (request) =>
    completeSignup(ctx, { ...request.params, ...request.body }),
  );

  registerEndpoint(app, endpoints.describeInvite, async (request) =>
    describeInvite(ctx, request.params.id, request.params.token),
  );

  registerEndpoint(app, endpoints.acceptInvite, async (request) =>
    acceptPartnerInvite(ctx, { ...request.params, ...request.body, ip: request.ip }),
  );
};
