import type { RoleRequirement } from '@paydesk/domain/access/requirements';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Who may call a route, declared on the route itself (`config: { access }`).
 * - public: anyone.
 * - authenticated: any signed-in user.
 * - merchant: a signed-in user with a role on the merchant named by the path parameter `param`
 *   (another tenant's merchant is 404) who meets `requirement` (a domain role requirement; else 403).
 * - super_user: members of the super group only.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'merchant'; param: string; requirement?: RoleRequirement }
  | { kind: 'super_user' };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export const PUBLIC: RouteAccess = { kind: 'public' };
export const AUTHENTICATED: RouteAccess = { kind: 'authenticated' };
export const SUPER_USER: RouteAccess = { kind: 'super_user' };

/** Access for routes under /merchants/:id/: a role on that merchant, meeting the requirement when one is given. */
export const merchantAccess = (requirement?: RoleRequirement, param = 'id'): RouteAccess => ({
  kind: 'merchant',
  param,
  requirement,
});

/** Paths served by plugins that cannot declare access themselves, with the access they get. */
const PLUGIN_ROUTE_ACCESS: Array<[prefix: string, access: RouteAccess]> = [['/api/docs', PUBLIC]];

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
