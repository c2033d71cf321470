import { profileEndpoints } from '@paydesk/domain/profile/profile.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { tokenPrincipalOf } from '../../plugins/auth';
import { changeOwnPassword } from '../auth/auth.public';
import { renameUser } from '../users/users.public';
import { rememberLastMerchant } from './last-merchant';
import { buildProfile } from './profile.service';

export const profileRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, profileEndpoints.get, async (request) => {
    const profile = await buildProfile(app.ctx.db, tokenPrincipalOf(request));
    return { count: 1 as const, next: null, previous: null, results: [profile] as [typeof profile] };
  });

  registerEndpoint(app, profileEndpoints.rememberLastMerchant, async (request) => {
    await rememberLastMerchant(app.ctx, tokenPrincipalOf(request).user, request.body.merchant_id);
  });

  registerEndpoint(app, profileEndpoints.updateName, async (request) => {
    const principal = tokenPrincipalOf(request);
    const user = await renameUser(app.ctx, principal.user, request.body);
    return buildProfile(app.ctx.db, { ...principal, user });
  });

  registerEndpoint(app, profileEndpoints.changePassword, async (request) => {
    const { user, claims } = tokenPrincipalOf(request);
    await changeOwnPassword(app.ctx, {
      user,
      familyId: claims.fam,
      currentPassword: request.body.current_password,
      newPassword: request.body.new_password,
      ip: request.ip,
    });
  });
};
