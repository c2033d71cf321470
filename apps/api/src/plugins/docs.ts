import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PUBLIC } from '@paydesk/domain/access/endpoint-access';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '@paydesk/domain/api/idempotency';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & {
  route: { config?: { endpoint?: { status: number; idempotent?: boolean } } };
};

/** Documents the header of an idempotent endpoint; plugins/idempotency.ts checks it (with our error codes). */
const IDEMPOTENCY_HEADERS = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_KEY_HEADER]: {
      type: 'string',
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
      description:
        'Names this request: a repeat with the same key and body within 24 hours answers the first response again.',
    },
  },
  required: [IDEMPOTENCY_KEY_HEADER],
};

/**
 * Zod's JSON schema for the `null` of a 204 reads as a nullable JSON body in OpenAPI 3.0; `type: 'null'` is what
 * @fastify/swagger documents as a response without content.
 */
function transformSchema(input: TransformInput) {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as { response?: Record<string, unknown>; headers?: unknown } | undefined;
  const response = schema?.response;
  if (input.route.config?.endpoint?.idempotent && schema) schema.headers = IDEMPOTENCY_HEADERS;
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
