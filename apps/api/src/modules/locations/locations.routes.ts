import { locationEndpoints as endpoints } from '@paydesk/domain/locations/locations.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { pageBounds, toPage } from '../../lib/pagination';
import { principalOf } from '../../plugins/auth';
import {
  changeLocation,
  createLocation,
  getLocation,
  listLocations,
  removeLocation,
  toLocationDto,
} from './locations.service';

export const locationsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.list, async (request) => {
    const { search, ordering } = request.query;
    const { count, rows } = await listLocations(ctx.db, request.params.id, {
      ...pageBounds(request.query),
      search,
      ordering,
    });
    return toPage(request, request.query, count, rows.map(toLocationDto));
  });

  registerEndpoint(app, endpoints.create, async (request) =>
    toLocationDto(await createLocation(ctx, request.params.id, principalOf(request).user, request.body)),
  );

  registerEndpoint(app, endpoints.get, async (request) =>
    toLocationDto(await getLocation(ctx.db, request.params.id, request.params.locationId)),
  );

  registerEndpoint(app, endpoints.replace, async (request) => {
    const { id, locationId } = request.params;
    return toLocationDto(await changeLocation(ctx, id, locationId, principalOf(request).user, request.body));
  });

  registerEndpoint(app, endpoints.update, async (request) => {
    const { id, locationId } = request.params;
    return toLocationDto(await changeLocation(ctx, id, locationId, principalOf(request).user, request.body));
  });

  registerEndpoint(app, endpoints.remove, async (request) => {
    const { id, locationId } = request.params;
    await removeLocation(ctx, id, locationId, principalOf(request).user);
  });
};
