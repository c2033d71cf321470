import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Endpoint } from '@paydesk/domain/api/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT } from '../src/paths';
import { buildTestApp, type TestApp } from './helpers';

const DOMAIN_SRC = join(API_ROOT, '../../packages/domain/src');

/** Routes served by plugins rather than from endpoint definitions. */
const PLUGIN_ROUTES = [/^\/api\/docs/, /^\/api\/openapi\.json$/, /^\/ws\/events\/$/, /^\/ws\/chat\/:customerId\/$/];

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;
}

/** Every endpoint of every `packages/domain/src/<area>/<area>.contract.ts`, by `file#group.name`. */
async function loadEndpoints(): Promise<Map<Endpoint, string>> {
  const endpoints = new Map<Endpoint, string>();
  const files = readdirSync(DOMAIN_SRC, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.contract.ts'),
  );
  for (const file of files) {
    const module = (await import(join(DOMAIN_SRC, file))) as Record<string, unknown>;
    for (const [group, value] of Object.entries(module)) {
      if (typeof value !== 'object' || value === null || isEndpoint(value)) continue;
      for (const [name, endpoint] of Object.entries(value)) {
        if (isEndpoint(endpoint))
          endpoints.set(endpoint, `${relative(DOMAIN_SRC, join(DOMAIN_SRC, file))}#${group}.${name}`);
      }
    }
  }
  return endpoints;
}

const toOpenApiPath = (path: string) => `/api${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

let t: TestApp;
let endpoints: Map<Endpoint, string>;
beforeAll(async () => {
  [t, endpoints] = await Promise.all([buildTestApp(), loadEndpoints()]);
});
afterAll(async () => {
  await t.close();
});

describe('endpoint contracts', () => {
  it('finds the contracts of every area', () => {
    expect(endpoints.size).toBeGreaterThanOrEqual(29);
  });

  it('serves every /api route from exactly one endpoint definition, and every definition once', () => {
    const routes = t.app.declaredRoutes.filter(
      (route) => route.method !== 'HEAD' && !PLUGIN_ROUTES.some((pattern) => pattern.test(route.url)),
    );
    const withoutDefinition = routes.filter((route) => !route.endpoint).map((route) => `${route.method} ${route.url}`);
    expect(withoutDefinition).toEqual([]);

    const uses = new Map<Endpoint, number>();
    for (const route of routes) {
      const endpoint = route.endpoint as Endpoint;
      uses.set(endpoint, (uses.get(endpoint) ?? 0) + 1);
      expect(route).toMatchObject({ method: endpoint.method, url: `/api${endpoint.path}`, access: endpoint.access });
      expect(endpoints.has(endpoint), `${route.method} ${route.url} uses a definition outside the contracts`).toBe(
        true,
      );
    }
    const counts = [...endpoints].map(([endpoint, name]) => [name, uses.get(endpoint) ?? 0]);
    expect(counts.filter(([, count]) => count !== 1)).toEqual([]);
  });

  it('lists every endpoint in /api/openapi.json with its success and error responses', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }>; security?: unknown }>>;
    }>();
    for (const [endpoint, name] of endpoints) {
      const operation = document.paths[toOpenApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      const statuses = [endpoint.status, ...endpoint.errors].map(String).sort();
      expect(Object.keys(operation?.responses ?? {}).sort(), name).toEqual(statuses);
      if (endpoint.status === 204) expect(operation?.responses['204']?.content, name).toBeUndefined();
      expect(operation?.security, name).toEqual(endpoint.access.kind === 'public' ? undefined : [{ bearerAuth: [] }]);
    }
  });

  it('documents the shared error bodies', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, unknown> }> }>>;
    }>();
    const responses = document.paths['/api/merchants/{id}/roles/{rid}/']?.put?.responses;
    expect(responses?.['404']?.content['application/json']).toEqual({
      schema: {
        type: 'object',
        properties: { detail: { type: 'string' }, code: { type: 'string', enum: ['not_found'] } },
        required: ['detail', 'code'],
        additionalProperties: false,
      },
    });
    expect(JSON.stringify(responses?.['400'])).toContain(
      '"additionalProperties":{"type":"array","items":{"type":"string"}}',
    );
  });
});
