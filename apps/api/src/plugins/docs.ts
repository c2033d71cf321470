import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PUBLIC } from '@paydesk/domain/access/endpoint-access';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & {
  route: { config?: { endpoint?: { status: number } } };
};

/**
 * Zod's JSON schema for the `null` of a 204 reads as a nullable JSON body in OpenAPI 3.0; `type: 'null'` is what
 * @fastify/swagger documents as a response without content.
 */
function transformSchema(input: TransformInput) {
  const result = jsonSchemaTransform(input);
  const response = (result.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (input.route.config?.endpoint?.status === 204 && response) {
    response[204] = { type: 'null', description: 'No content' };
  }
  return result;
}

/** OpenAPI 3 document generated from the route schemas, and its UI at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Paydesk API', description: 'Collections and payments for merchant staff.', version: '1.0.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: transformSchema as typeof jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { access: PUBLIC }, schema: { hide: true } }, async () => app.swagger());
});
