import { ownerEndpoints as endpoints } from '@paydesk/domain/owners/owners.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { pageBounds, toPage } from '../../lib/pagination';
import { merchantAccessOf, principalOf } from '../../plugins/auth';
import { changeOwner, createOwner, getOwner, listOwners, maySeeSsn, removeOwner, toOwnerDto } from './owners.service';

export const ownersRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.list, async (request) => {
    const { ordering } = request.query;
    const { count, rows } = await listOwners(ctx, request.params.id, { ...pageBounds(request.query), ordering });
    const showSsn = maySeeSsn(merchantAccessOf(request));
    return toPage(
      request,
      request.query,
      count,
      rows.map((row) => toOwnerDto(row, showSsn)),
    );
  });

  registerEndpoint(app, endpoints.create, async (request) => {
    const owner = await createOwner(ctx, request.params.id, request.body, principalOf(request).user);
    return toOwnerDto(owner, maySeeSsn(merchantAccessOf(request)));
  });

  registerEndpoint(app, endpoints.get, async (request) => {
    const owner = await getOwner(ctx, request.params.id, request.params.ownerId);
    return toOwnerDto(owner, maySeeSsn(merchantAccessOf(request)));
  });

  registerEndpoint(app, endpoints.replace, async (request) => {
    const { id, ownerId } = request.params;
    const owner = await changeOwner(ctx, id, ownerId, request.body, principalOf(request).user);
    return toOwnerDto(owner, maySeeSsn(merchantAccessOf(request)));
  });

  registerEndpoint(app, endpoints.update, async (request) => {
    const { id, ownerId } = request.params;
    const owner = await changeOwner(ctx, id, ownerId, request.body, principalOf(request).user);
    return toOwnerDto(owner, maySeeSsn(merchantAccessOf(request)));
  });

  registerEndpoint(app, endpoints.remove, async (request) => {
    await removeOwner(ctx, request.params.id, request.params.ownerId, principalOf(request).user);
  });
};
