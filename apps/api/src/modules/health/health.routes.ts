import { healthEndpoints } from '@paydesk/domain/health/health.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, healthEndpoints.get, async (request, reply) => {
    try {
      await app.database.query('select 1');
      return { status: 'ok' as const, database: 'ok' as const };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      reply.code(503);
      return { status: 'unavailable' as const, database: 'unreachable' as const };
    }
  });
};
