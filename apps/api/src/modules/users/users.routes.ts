import { userEndpoints as endpoints } from '@paydesk/domain/users/users.contract';
import type { FastifyPluginAsync } from 'fastify';
import { appUrlOf } from '../../lib/app-url';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { pageBounds, toPage } from '../../lib/pagination';
import { withTransaction } from '../../lib/service-context';
import { merchantAccessOf, principalOf } from '../../plugins/auth';
import { revokeAllSessions } from '../auth/auth.public';
import {
  changeUserRole,
  disableUser,
  enableUser,
  inviteUser,
  listMerchantUsers,
  toMerchantUserDto,
} from './users.service';

export const usersRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.list, async (request) => {
    const page = { ...pageBounds(request.query), ordering: request.query.ordering };
    const { count, rows } = await listMerchantUsers(ctx.db, merchantAccessOf(request), page);
    return toPage(request, request.query, count, rows.map(toMerchantUserDto));
  });

  registerEndpoint(app, endpoints.invite, async (request) =>
    inviteUser(ctx, merchantAccessOf(request), request.body, appUrlOf(ctx.config), principalOf(request).user),
  );

  // Users and sessions are two modules; the route composes them in one transaction (disabled, signed out, told).
  registerEndpoint(app, endpoints.disable, async (request) =>
    withTransaction(ctx, async (tx) => {
      const { user, accountDisabled } = await disableUser(
        tx,
        merchantAccessOf(request),
        request.params.userId,
        request.body ?? {},
        principalOf(request).user,
      );
      if (accountDisabled) await revokeAllSessions(tx, user.id);
      return user;
    }),
  );

  registerEndpoint(app, endpoints.enable, async (request) =>
    enableUser(ctx, merchantAccessOf(request), request.params.userId, request.body, principalOf(request).user),
  );

  registerEndpoint(app, endpoints.changeRole, async (request) =>
    changeUserRole(ctx, merchantAccessOf(request), request.params.userId, request.body, principalOf(request).user),
  );
};
