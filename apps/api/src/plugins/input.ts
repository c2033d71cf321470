import { NUL_CHARACTER_INVALID } from '@paydesk/domain/validation/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FieldErrors, HttpError } from '../lib/http-errors';

/** Arrays and objects inside one another; deeper bodies are refused (the message of `body_too_deep` says 32). */
export const MAX_BODY_DEPTH = 32;

/**
 * Dotted paths (`settings.role_name`, `0.name`) of every key or text value holding a NUL character, or null when the
 * value nests arrays and objects deeper than MAX_BODY_DEPTH. Walks with its own stack: a deep body cannot overflow it.
 */
function findNulPaths(root: unknown): string[] | null {
  const found: string[] = [];
  const pending: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push(path.join('.'));
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_BODY_DEPTH) return null;
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    // Pushed in reverse so that paths come out in the body's order.
    for (const [key, item] of entries.reverse()) {
      if (key.includes('\u0000')) found.push([...path, key].join('.'));
      else pending.push({ value: item, path: [...path, key] });
    }
  }
  return found;
}

/**
 * PostgreSQL cannot store a NUL character in text, so every route refuses one in its path parameters, query or
 * body with a field message, before validation and before anything reaches the database. A body nested too deeply
 * is refused there too, before any recursive code (validation, serializers) walks it.
 */
export const inputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const paths: string[] = [];
    for (const part of [request.params, request.query, request.body]) {
      const found = findNulPaths(part);
      if (!found) throw new HttpError('body_too_deep');
      paths.push(...found);
    }
    if (paths.length === 0) return;
    throw new FieldErrors(
      Object.fromEntries(paths.map((path) => [path || 'non_field_errors', [NUL_CHARACTER_INVALID]])),
    );
  });
});
