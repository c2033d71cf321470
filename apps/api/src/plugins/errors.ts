import type { ErrorCode } from '@paydesk/domain/errors/error-codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { mapDatabaseError } from '../lib/database-errors';
import { FieldErrors, HttpError, ThrottledError } from '../lib/http-errors';
import { securityHeadersFor } from './security';

/** Turns a zod issue path ('/message_bodies/0/body') into a DRF field key ('message_bodies.0.body'). */
function fieldKey(instancePath: string): string {
  const key = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return key === '' ? 'non_field_errors' : key;
}

/** Fastify's own client errors, by their `FST_ERR_*` code: they leave with our codes and messages. */
const FRAMEWORK_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'parse_error',
  FST_ERR_CTP_INVALID_JSON_BODY: 'parse_error',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_BAD_URL: 'bad_request',
  FST_ERR_MAX_PARAM_LENGTH: 'uri_too_long',
  FST_ERR_ASYNC_CONSTRAINT: 'bad_request',
};

/** Any other client error status a plugin may raise. */
const STATUS_CODES: Record<number, ErrorCode> = {
  401: 'not_authenticated',
  403: 'permission_denied',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'throttled',
};

/** The client's view of a framework error with a 4xx status; never its code or message. */
function mapClientError(error: FastifyError): HttpError {
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return new HttpError(known);
  // The JSON body parser throws the parser's SyntaxError with a 400.
  if (error instanceof SyntaxError) return new HttpError('parse_error');
  return new HttpError(STATUS_CODES[error.statusCode ?? 400] ?? 'bad_request');
}

function sendHttpError(reply: FastifyReply, error: HttpError) {
  if (error instanceof ThrottledError) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.statusCode).send({ detail: error.detail, code: error.code });
}

/**
 * Every error leaves as `{field: [msg]}` (400) or `{detail, code}` with `code` an `ErrorCode`; never a stack
 * trace, SQL, or a framework's code or message.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = fieldKey(issue.instancePath ?? '');
        (fields[key] ??= []).push(issue.message ?? 'Invalid value.');
      }
      return reply.code(400).send(fields);
    }
    if (error instanceof FieldErrors) return reply.code(400).send(error.fields);
    if (error instanceof HttpError) return sendHttpError(reply, error);
    const mapped = mapDatabaseError(error);
    if (mapped) {
      if (mapped instanceof FieldErrors) return reply.code(400).send(mapped.fields);
      if (mapped.statusCode >= 500) request.log.error({ err: error }, 'database unavailable');
      return sendHttpError(reply, mapped);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendHttpError(reply, mapClientError(error));
    request.log.error({ err: error }, 'unhandled error');
    return sendHttpError(reply, new HttpError('server_error'));
  });
});

/** For Fastify's `frameworkErrors` option: a bad URL and the like, answered before any route runs. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No hook runs for these answers.
  reply.headers(securityHeadersFor(request.url));
  return sendHttpError(reply, mapClientError(error));
}
