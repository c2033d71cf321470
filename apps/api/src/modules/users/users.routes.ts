import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appUrlOf } from '../../lib/app-url';
import { pageBounds, pageSchema, toPage } from '../../lib/pagination';
import { merchantAccess } from '../../plugins/access';
import { merchantAccessOf } from '../../plugins/auth';
import { revokeAllSessions } from '../auth/auth.service';
import { notifyUser } from '../live/live.service';
import { inviteSchema, merchantUserSchema } from './users.contract';
import {
  disableUser,
  inviteUser,
  listMerchantUsers,
  merchantUsersListQuery,
  publishUserChanged,
  toMerchantUserDto,
} from './users.service';

const merchantParams = z.object({ id: z.string() });
const userParams = z.object({ id: z.string(), userId: z.string() });
const tags = ['users'];
const security = [{ bearerAuth: [] }];
const access = merchantAccess(ACCESS_REQUIREMENTS.userSettings);

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/merchants/:id/users/',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Users of a merchant',
        params: merchantParams,
        querystring: merchantUsersListQuery,
        response: { 200: pageSchema(merchantUserSchema) },
      },
    },
    async (request) => {
      const page = { ...pageBounds(request.query), ordering: request.query.ordering };
      const { count, rows } = await listMerchantUsers(db, merchantAccessOf(request), page);
      return toPage(request, request.query, count, rows.map(toMerchantUserDto));
    },
  );

  app.post(
    '/merchants/:id/users/invite/',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Invite a user by email',
        params: merchantParams,
        body: inviteSchema,
        response: { 201: merchantUserSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await inviteUser(app, merchantAccessOf(request), request.body, appUrlOf(request))),
  );

  app.post(
    '/merchants/:id/users/:userId/disable/',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Disable a user: removes their roles and ends their sessions',
        params: userParams,
        response: { 200: merchantUserSchema },
      },
    },
    async (request) => {
      const user = await db.transaction(async (tx) => {
        const disabled = await disableUser(tx, merchantAccessOf(request), request.params.userId);
        await revokeAllSessions(tx, disabled.id);
        return disabled;
      });
      await publishUserChanged(app, user.id);
      await notifyUser(app, user.id, { type: 'session.revoked' });
      return user;
    },
  );
};
