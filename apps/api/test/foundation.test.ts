import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CatalogueError } from '../src/lib/http-errors';
import { PUBLIC } from '@paydesk/domain/access/endpoint-access';
import { buildTestApp, type TestApp } from './helpers';

const webDir = mkdtempSync(join(tmpdir(), 'paydesk-web-'));
mkdirSync(join(webDir, 'assets'));
writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Paydesk</title><div id="root"></div>');
writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');

function registerProbeRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/probe/',
    {
      config: { access: PUBLIC },
      schema: {
        body: z.object({
          email: z.email({ error: 'Email is not valid' }),
          items: z.array(z.object({ amount: z.number() })),
        }),
      },
    },
    async (request) => ({ ok: request.body.email }),
  );
  api.get('/api/probe/catalogue/', { config: { access: PUBLIC } }, async () => {
    throw new CatalogueError('account.inactive');
  });
  api.get('/api/probe/crash/', { config: { access: PUBLIC } }, async () => {
    throw new Error('select * from secret_table where password = 1');
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ webDistDir: webDir, beforeReady: registerProbeRoutes });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers 200 with the database ok', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('echoes a request id, or makes one', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers['x-request-id']).toBe('trace-123');
    const made = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('error shapes', () => {
  it('turns schema validation into DRF field errors', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/probe/',
      payload: { email: 'nope', items: [{ amount: 'x' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['Email is not valid'], 'items.0.amount': [expect.any(String)] });
  });

  it('answers malformed JSON with a 400 detail', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/probe/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
  });

  it('answers a catalogue error with its message, code and status', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/catalogue/' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'Account is set to Inactive.', code: 'account.inactive' });
  });

  it('never leaks the message or stack of an unexpected error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/crash/' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'A server error occurred.', code: 'server_error' });
    expect(response.body).not.toMatch(/secret_table|at .*\.ts/);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });
});

describe('web app serving', () => {
  it('serves index.html for any client route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/merchants/123/settings/users' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
  });

  it('serves fingerprinted assets with a long cache life', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with a 404, not the app page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-gone.js' });
    expect(response.statusCode).toBe(404);
  });

  it('sends security headers with a CSP that allows only own scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI 3 document built from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/health']).toBeDefined();
    expect(
      document.paths['/api/probe/'].post.requestBody.content['application/json'].schema.properties.email,
    ).toBeDefined();
  });

  it('serves the docs UI at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
