import { userEndpoints as endpoints } from '@paydesk/domain/users/users.contract';
import type { FastifyPluginAsync } from 'fastify';
import { appUrlOf } from '../../lib/app-url';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { pageBounds, toPage } from '../../lib/pagination';
import { merchantAccessOf } from '../../plugins/auth';
import { revokeAllSessions } from '../auth/auth.service';
import { notifyUser } from '../live/live.service';
import { disableUser, inviteUser, listMerchantUsers, publishUserChanged, toMerchantUserDto } from './users.service';

export const usersRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  registerEndpoint(app, endpoints.list, async (request) => {
    const page = { ...pageBounds(request.query), ordering: request.query.ordering };
    const { count, rows } = await listMerchantUsers(db, merchantAccessOf(request), page);
    return toPage(request, request.query, count, rows.map(toMerchantUserDto));
  });

  registerEndpoint(app, endpoints.invite, async (request) =>
    inviteUser(app, merchantAccessOf(request), request.body, appUrlOf(request)),
  );

  registerEndpoint(app, endpoints.disable, async (request) => {
    const user = await db.transaction(async (tx) => {
      const disabled = await disableUser(tx, merchantAccessOf(request), request.params.userId);
      await revokeAllSessions(tx, disabled.id);
      return disabled;
    });
    await publishUserChanged(app, user.id);
    await notifyUser(app, user.id, { type: 'session.revoked' });
    return user;
  });
};
