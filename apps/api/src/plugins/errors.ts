import { NUMBER_INVALID, VALUE_INVALID } from '@paydesk/domain/validation/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CatalogueError, FieldErrors, HttpError } from '../lib/http-errors';

/** Turns a zod issue path ('/message_bodies/0/body') into a DRF field key ('message_bodies.0.body'). */
function fieldKey(instancePath: string): string {
  const key = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return key === '' ? 'non_field_errors' : key;
}

type DatabaseError = { code: string; constraint?: string };

/** The PostgreSQL error under a driver or drizzle wrapper (drizzle puts the driver's error in `cause`). */
function findDatabaseError(error: unknown): DatabaseError | null {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const candidate = current as { code?: unknown; severity?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) && candidate.severity)
      return candidate as DatabaseError;
    current = candidate.cause;
  }
  return null;
}

/** Unique indexes whose violation has a catalogue code. */
const UNIQUE_VIOLATION_CODES: Record<string, ConstructorParameters<typeof CatalogueError>[0]> = {
  users_email_lower_idx: 'user.email_in_use',
};

/**
 * Database errors a client's input can cause, as client errors: a duplicate is a conflict (with its catalogue code
 * where one applies), a missing referenced row or a value the column refuses is a 400. Null for any other error.
 */
export function toClientError(error: unknown): FieldErrors | HttpError | null {
  const database = findDatabaseError(error);
  if (!database) return null;
  switch (database.code) {
    case '23505': {
      const code = database.constraint ? UNIQUE_VIOLATION_CODES[database.constraint] : undefined;
      return code ? new CatalogueError(code) : new HttpError(409, 'This already exists.', 'conflict');
    }
    case '23503':
      return FieldErrors.of('non_field_errors', 'The object referred to does not exist');
    case '22003':
      return FieldErrors.of('non_field_errors', NUMBER_INVALID);
    case '22P02': // invalid text representation
    case '22021': // character not in repertoire (NUL)
    case '22001': // string too long
    case '22007': // invalid datetime format
    case '22008': // datetime out of range
    case '23502': // not null
    case '23514': // check constraint
      return FieldErrors.of('non_field_errors', VALUE_INVALID);
    default:
      return null;
  }
}

/** Errors Fastify raises before routing (a malformed URL, a path parameter over the length limit). */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const detail = status === 414 ? 'The address is too long.' : 'The address is not valid.';
  return reply.code(status).send({ detail, code: status === 414 ? 'uri_too_long' : 'bad_request' });
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
    const known = error instanceof FieldErrors || error instanceof HttpError ? error : toClientError(error);
    if (known instanceof FieldErrors) return reply.code(400).send(known.fields);
    if (known instanceof HttpError)
      return reply.code(known.statusCode).send({ detail: known.detail, code: known.code });
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
