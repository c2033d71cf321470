import { roleEndpoints as endpoints } from '@paydesk/domain/roles/roles.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { pageBounds, toPage } from '../../lib/pagination';
import { withTransaction } from '../../lib/service-context';
import { merchantAccessOf, principalOf } from '../../plugins/auth';
import { moveRoleHolders } from '../users/users.public';
import { changeRole, createRole, getRole, listRoles, removeRole, toRoleDto } from './roles.service';

export const rolesRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  registerEndpoint(app, endpoints.list, async (request) => {
    const { ordering } = request.query;
    const { count, rows } = await listRoles(db, request.params.id, { ...pageBounds(request.query), ordering });
    return toPage(request, request.query, count, rows.map(toRoleDto));
  });

  registerEndpoint(app, endpoints.create, async (request) =>
    toRoleDto(await createRole(ctx, request.params.id, principalOf(request).user, request.body)),
  );

  registerEndpoint(app, endpoints.get, async (request) =>
    toRoleDto(await getRole(db, request.params.id, request.params.rid)),
  );

  registerEndpoint(app, endpoints.replace, async (request) =>
    toRoleDto(
      await changeRole(ctx, request.params.id, request.params.rid, principalOf(request).user, request.body, 'replace'),
    ),
  );

  registerEndpoint(app, endpoints.update, async (request) =>
    toRoleDto(
      await changeRole(ctx, request.params.id, request.params.rid, principalOf(request).user, request.body, 'merge'),
    ),
  );

  // Roles and users are two modules; the route moves the holders and deletes the role in one transaction.
  registerEndpoint(app, endpoints.remove, async (request) => {
    const { id, rid } = request.params;
    const moveTo = request.query.move_to;
    await withTransaction(ctx, async (tx) => {
      if (moveTo) await moveRoleHolders(tx, merchantAccessOf(request), rid, moveTo, principalOf(request).user);
      await removeRole(tx, id, rid, principalOf(request).user);
    });
  });
};
