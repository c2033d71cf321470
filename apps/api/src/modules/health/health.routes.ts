import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../../plugins/access';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: PUBLIC },
      schema: { tags: ['system'], summary: 'Service health', response: { 200: healthSchema, 503: healthSchema } },
    },
    async (request, reply) => {
      try {
        await app.database.query('select 1');
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
      }
    },
  );
};
