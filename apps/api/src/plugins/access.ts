import { PUBLIC, type EndpointAccess } from '@paydesk/domain/access/endpoint-access';
import type { Endpoint } from '@paydesk/domain/api/endpoint';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Who may call a route is declared on the route itself (`config: { access }`); endpoints declare it in their
// domain definition (packages/domain/src/access/endpoint-access.ts) and lib/endpoint-routes copies it here.

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: EndpointAccess;
  }
  interface FastifyInstance {
    /** Every /api and /ws route with its access rule and, when it has one, its endpoint definition. */
    declaredRoutes: readonly DeclaredRoute[];
  }
}

export type DeclaredRoute = { method: string; url: string; access: EndpointAccess; endpoint?: Endpoint };

/** Paths served by plugins that cannot declare access themselves, with the access they get. */
const PLUGIN_ROUTE_ACCESS: Array<[prefix: string, access: EndpointAccess]> = [['/api/docs', PUBLIC]];

export class UndeclaredAccessError extends Error {
  override name = 'UndeclaredAccessError';
}

/** Refuses to start when an /api or /ws route has no access rule. */
export const accessDeclarationPlugin = fp(async (app: FastifyInstance) => {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api') && !url.startsWith('/ws')) return;
    const methods = [route.method].flat();
    let access = route.config?.access;
    if (!access) {
      const inherited = PLUGIN_ROUTE_ACCESS.find(([prefix]) => url.startsWith(prefix));
      if (!inherited) {
        throw new UndeclaredAccessError(`Route ${methods.join(',')} ${url} declares no access rule (config.access)`);
      }
      access = inherited[1];
      route.config = { ...route.config, access };
    }
    for (const method of methods) declared.push({ method, url, access, endpoint: route.config?.endpoint });
  });
});
