import { activityEndpoints as endpoints } from '@paydesk/domain/audit/audit.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { pageBounds, toPage } from '../../lib/pagination';
import { listActivity, listActivityActors, toActivityDto } from './activity.service';

export const activityRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.list, async (request) => {
    const { actor, kind } = request.query;
    const filters = { actorId: actor, kind };
    const { count, rows } = await listActivity(ctx, request.params.id, filters, pageBounds(request.query));
    return toPage(request, request.query, count, rows.map(toActivityDto));
  });

  registerEndpoint(app, endpoints.actors, async (request) => ({
    results: await listActivityActors(ctx, request.params.id),
  }));
};
