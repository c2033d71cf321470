import { NUL_CHARACTER_INVALID } from '@paydesk/domain/validation/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FieldErrors } from '../lib/http-errors';

/** Dotted paths (`settings.role_name`, `0.name`) of every key or text value holding a NUL character. */
function findNulPaths(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path.join('.'));
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => findNulPaths(item, [...path, String(index)], found));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push([...path, key].join('.'));
      else findNulPaths(item, [...path, key], found);
    }
  }
  return found;
}

/**
 * PostgreSQL cannot store a NUL character in text, so every route refuses one in its path parameters, query or
 * body with a field message, before validation and before anything reaches the database.
 */
export const inputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const paths = [request.params, request.query, request.body].flatMap((part) => findNulPaths(part));
    if (paths.length === 0) return;
    throw new FieldErrors(
      Object.fromEntries(paths.map((path) => [path || 'non_field_errors', [NUL_CHARACTER_INVALID]])),
    );
  });
});
