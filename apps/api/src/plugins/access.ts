import { PUBLIC, type EndpointAccess } from '@paydesk/domain/access/endpoint-access';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Who may call a route is declared on the route itself (`config: { access }`); endpoints declare it in their
// domain definition (packages/domain/src/access/endpoint-access.ts) and lib/endpoint-routes copies it here.

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: EndpointAccess;
  }
}

/** Paths served by plugins that cannot declare access themselves, with the access they get. */
const PLUGIN_ROUTE_ACCESS: Array<[prefix: string, access: EndpointAccess]> = [['/api/docs', PUBLIC]];

export class UndeclaredAccessError extends Error {
  override name = 'UndeclaredAccessError';
}

/** Refuses to start when an /api or /ws route has no access rule. */
export const accessDeclarationPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api') && !url.startsWith('/ws')) return;
    if (route.config?.access) return;
    const inherited = PLUGIN_ROUTE_ACCESS.find(([prefix]) => url.startsWith(prefix));
    if (inherited) {
      route.config = { ...route.config, access: inherited[1] };
      return;
    }
    const methods = [route.method].flat().join(',');
    throw new UndeclaredAccessError(`Route ${methods} ${url} declares no access rule (config.access)`);
  });
});
