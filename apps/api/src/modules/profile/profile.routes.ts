import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED } from '../../plugins/access';
import { principalOf } from '../../plugins/auth';
import { profileSchema } from './profile.contract';
import { buildProfile } from './profile.service';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile/',
    {
      config: { access: AUTHENTICATED },
      schema: {
        tags: ['auth'],
        security: [{ bearerAuth: [] }],
        summary: 'The signed-in user, their organisation, merchants and access claims',
        response: {
          200: z.object({ count: z.literal(1), next: z.null(), previous: z.null(), results: z.tuple([profileSchema]) }),
        },
      },
    },
    async (request) => {
      const profile = await buildProfile(app.database.db, principalOf(request));
      return { count: 1 as const, next: null, previous: null, results: [profile] as [typeof profile] };
    },
  );
};
