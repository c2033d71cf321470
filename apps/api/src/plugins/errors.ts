import type { FastifyInstance, FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { FieldErrors, HttpError } from '../lib/http-errors';

/** Turns a zod issue path ('/message_bodies/0/body') into a DRF field key ('message_bodies.0.body'). */
function fieldKey(instancePath: string): string {
  const key = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return key === '' ? 'non_field_errors' : key;
}

/** Every error leaves as `{field: [msg]}` (400) or `{detail, code}`; never a stack trace or SQL. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = fieldKey(issue.instancePath ?? '');
        (fields[key] ??= []).push(issue.message ?? 'Invalid value.');
      }
      return reply.code(400).send(fields);
    }
    if (error instanceof FieldErrors) return reply.code(400).send(error.fields);
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ detail: error.detail, code: error.code });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors (bad JSON, body too large, rate limit, ...).
      const code = error.code ? error.code.toLowerCase() : 'bad_request';
      return reply.code(status).send({ detail: error.message, code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'A server error occurred.', code: 'server_error' });
  });
});
