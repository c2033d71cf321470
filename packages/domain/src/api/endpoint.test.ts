import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PUBLIC, merchantAccess } from '../access/endpoint-access';
import { defineEndpoint, paramNamesOf, pathOf } from './endpoint';

const roleEndpoint = defineEndpoint({
  method: 'GET',
  path: '/merchants/:id/roles/:rid/',
  summary: 'A role',
  tags: ['roles'],
  access: merchantAccess(),
  params: z.object({ id: z.string(), rid: z.string() }),
  status: 200,
  response: z.object({ id: z.string() }),
  errors: [401, 404],
});

describe('defineEndpoint', () => {
  it('returns the definition frozen', () => {
    expect(roleEndpoint.path).toBe('/merchants/:id/roles/:rid/');
    expect(Object.isFrozen(roleEndpoint)).toBe(true);
    expect(Object.isFrozen(roleEndpoint.tags)).toBe(true);
  });

  it('reads the path params in order', () => {
    expect(paramNamesOf('/merchants/:id/users/:userId/disable/')).toEqual(['id', 'userId']);
    expect(paramNamesOf('/token/')).toEqual([]);
  });

  it('refuses params that differ from the path', () => {
    expect(() =>
      defineEndpoint({
        method: 'GET',
        path: '/merchants/:id/',
        summary: 'x',
        tags: [],
        access: PUBLIC,
        params: z.object({ merchantId: z.string() }),
        status: 200,
        response: z.object({}),
        errors: [],
      }),
    ).toThrow("GET /merchants/:id/: params schema keys [merchantId] differ from the path's [id]");
    expect(() =>
      defineEndpoint({
        method: 'GET',
        path: '/merchants/:id/',
        summary: 'x',
        tags: [],
        access: PUBLIC,
        status: 200,
        response: z.object({}),
        errors: [],
      }),
    ).toThrow("params schema keys [] differ from the path's [id]");
  });

  it('allows Idempotency-Key only on a merchant write that declares its 400 and 409', () => {
    const write = {
      method: 'POST',
      path: '/merchants/:id/things/',
      summary: 'x',
      tags: [],
      access: merchantAccess(),
      params: z.object({ id: z.string() }),
      status: 201,
      response: z.object({}),
      errors: [400, 404, 409],
      idempotent: true,
    } as const;
    expect(defineEndpoint(write).idempotent).toBe(true);
    expect(() => defineEndpoint({ ...write, method: 'GET' })).toThrow('only a merchant');
    expect(() => defineEndpoint({ ...write, path: '/things/', params: undefined, access: PUBLIC })).toThrow(
      'only a merchant',
    );
    expect(() => defineEndpoint({ ...write, errors: [400, 404] })).toThrow('answers 400 and 409');
  });

  it('refuses merchant access on a param the path lacks', () => {
    expect(() =>
      defineEndpoint({
        method: 'GET',
        path: '/things/',
        summary: 'x',
        tags: [],
        access: merchantAccess(),
        status: 200,
        response: z.object({}),
        errors: [],
      }),
    ).toThrow('merchant access reads :id, which the path lacks');
  });

  it('refuses a 204 with a response, and a 200 without one', () => {
    const base = { method: 'DELETE', path: '/x/', summary: 'x', tags: [], access: PUBLIC, errors: [] } as const;
    expect(() => defineEndpoint({ ...base, status: 204, response: z.object({}) } as never)).toThrow(
      'a 204 has no response schema',
    );
    expect(() => defineEndpoint({ ...base, status: 200 } as never)).toThrow('a 204 has no response schema');
  });
});

describe('pathOf', () => {
  it('fills and URI-encodes the params', () => {
    expect(pathOf(roleEndpoint, { id: 'm 1', rid: 'a/b?c#d' })).toBe('/merchants/m%201/roles/a%2Fb%3Fc%23d/');
  });

  it('keeps a path without params as it is', () => {
    const endpoint = defineEndpoint({
      method: 'POST',
      path: '/token/',
      summary: 'x',
      tags: [],
      access: PUBLIC,
      status: 200,
      response: z.object({}),
      errors: [],
    });
    expect(pathOf(endpoint)).toBe('/token/');
  });

  it('throws on a missing or empty param instead of calling a wrong URL', () => {
    expect(() => pathOf(roleEndpoint, { id: 'm-1' } as never)).toThrow(
      'GET /merchants/:id/roles/:rid/: missing path parameter rid',
    );
    expect(() => pathOf(roleEndpoint, { id: '', rid: 'r' })).toThrow('missing path parameter id');
  });
});
