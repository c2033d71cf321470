import { ERROR_CODES } from '@paydesk/domain/errors/error-codes';
import { PUBLIC } from '@paydesk/domain/access/endpoint-access';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customRoles, merchants, organizations, users } from '../src/db/schema/identity';
import { mapDatabaseError } from '../src/lib/database-errors';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, type DemoIds } from './identity';

let ids: DemoIds;

/** Routes whose only job is to make PostgreSQL refuse something, as a bug or a race in a real route would. */
function registerProbeRoutes(app: FastifyInstance) {
  const probes: Record<string, () => Promise<unknown>> = {
    'duplicate-email': () =>
      app.ctx.db.insert(users).values({ email: 'ADMIN@demo.test', first_name: 'A', last_name: 'B' }),
    'duplicate-role-name': () =>
      app.ctx.db.insert(customRoles).values({ merchant_id: ids.customRolesAuto, role_name: 'collector' }),
    'duplicate-other': () =>
      app.ctx.db.execute(sql`insert into organizations (id, name) select id, name from organizations limit 1`),
    'missing-reference': () =>
      app.ctx.db.insert(merchants).values({ name: 'M', organization_id: '00000000-0000-4000-8000-000000000000' }),
    'still-referenced': () => app.ctx.db.delete(organizations),
    'not-null': () => app.ctx.db.execute(sql`insert into organizations (name) values (null)`),
    'invalid-text': () => app.ctx.db.execute(sql`select ${'not-a-uuid'}::uuid`),
    'out-of-range': () => app.ctx.db.execute(sql`select ${'99999999999'}::integer`),
    'nul-character': () => app.ctx.db.execute(sql`select ${'a\u0000b'}::text`),
    'check-violation': () =>
      app.ctx.db.execute(
        sql`insert into role_grants (user_id, merchant_id, role) select id, ${ids.demoMotors}, 'custom' from users limit 1`,
      ),
  };
  const api = app.withTypeProvider();
  api.get('/api/probe/db/:name/', { config: { access: PUBLIC } }, async (request) => {
    await probes[(request.params as { name: string }).name]?.();
    return { ok: true };
  });
  api.post(
    '/api/probe/body/',
    { config: { access: PUBLIC }, schema: { body: z.object({ name: z.string() }) } },
    async () => ({ ok: true }),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ beforeReady: registerProbeRoutes });
  ids = await seedDemo(t.database.db);
});
afterAll(() => t.close());

const probe = async (name: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/probe/db/${name}/` });
  return { status: response.statusCode, body: response.json() };
};

describe('database errors, mapped in one place', () => {
  it('answers a unique violation with the code its index stands for', async () => {
    expect(await probe('duplicate-email')).toEqual({
      status: 409,
      body: { detail: 'Email address already in use.', code: 'user.email_in_use' },
    });
    expect(await probe('duplicate-role-name')).toEqual({
      status: 400,
      body: { role_name: ['A role with this name already exists'] },
    });
  });

  it('answers any other unique violation with 409 conflict', async () => {
    expect(await probe('duplicate-other')).toEqual({
      status: 409,
      body: { detail: 'An object with these values already exists.', code: 'conflict' },
    });
  });

  it('answers a missing referenced row with a field error, and a row still in use with 409', async () => {
    expect(await probe('missing-reference')).toEqual({
      status: 400,
      body: { organization_id: ['Object does not exist.'] },
    });
    expect(await probe('still-referenced')).toEqual({
      status: 409,
      body: { detail: 'This object is still in use.', code: 'conflict' },
    });
  });

  it('answers a missing required column with a field error', async () => {
    expect(await probe('not-null')).toEqual({ status: 400, body: { name: ['Required'] } });
  });

  it('answers invalid text, numbers out of range, NUL characters and check violations with 400', async () => {
    for (const name of ['invalid-text', 'out-of-range', 'nul-character', 'check-violation']) {
      expect(await probe(name), name).toEqual({
        status: 400,
        body: { detail: 'A value in the request is not valid.', code: 'bad_request' },
      });
    }
  });

  it('maps a serialization failure that outlived the retries to 409, and an overloaded server to 503', () => {
    const pgError = (code: string) => Object.assign(new Error('x'), { code, severity: 'ERROR' });
    // drizzle wraps the driver's error as its cause.
    expect(mapDatabaseError(new Error('Failed query', { cause: pgError('40001') }))).toMatchObject({
      statusCode: 409,
      code: 'conflict',
    });
    expect(mapDatabaseError(pgError('40P01'))).toMatchObject({ statusCode: 409, code: 'conflict' });
    expect(mapDatabaseError(pgError('53300'))).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
    expect(mapDatabaseError(pgError('42P01'))).toBeUndefined();
    expect(mapDatabaseError(new Error('not from the database'))).toBeUndefined();
  });
});

describe("Fastify's own client errors", () => {
  const post = (payload: string, contentType: string) =>
    t.app.inject({ method: 'POST', url: '/api/probe/body/', payload, headers: { 'content-type': contentType } });

  const expectOurs = (response: { json(): { detail: string; code: string } }) => {
    const body = response.json();
    expect(ERROR_CODES).toContain(body.code);
    expect(body.code).not.toMatch(/fst_err/i);
    expect(body.detail).not.toMatch(/fst_err|content-type|body|json at position|unexpected/i);
  };

  it('answers malformed JSON with parse_error and our message', async () => {
    const response = await post('{"name":', 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The request body is not valid JSON.', code: 'parse_error' });
  });

  it('answers an empty JSON body with parse_error', async () => {
    const response = await post('', 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The request body is not valid JSON.', code: 'parse_error' });
  });

  it('answers an unsupported media type with 415', async () => {
    const response = await post('name=x', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: 'Unsupported media type in request.', code: 'unsupported_media_type' });
    expectOurs(response);
  });

  it('answers a body over the limit with 413', async () => {
    const response = await post(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1) }), 'application/json');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'The request body is too large.', code: 'payload_too_large' });
  });

  it('answers a malformed URL with 400 bad_request', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/db/%E0%A4%A/' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The request is not valid.', code: 'bad_request' });
  });
});
