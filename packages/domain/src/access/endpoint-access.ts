import type { RoleRequirement } from './requirements';

/**
 * Who may call an API endpoint, declared on its definition (and by the API on the route as `config.access`).
 * - public: anyone.
 * - authenticated: any signed-in user.
 * - merchant: a signed-in user with a role on the merchant named by the path parameter `param`
 *   (another tenant's merchant is 404) who meets `requirement` (a role requirement; else 403).
 * - super_user: members of the super group only.
 *
 * Named apart from ./route-access's `RouteAccess`, which describes the web app's screens.
 */
export type EndpointAccess =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'merchant'; param: string; requirement?: RoleRequirement }
  | { kind: 'super_user' };

export const PUBLIC: EndpointAccess = { kind: 'public' };
export const AUTHENTICATED: EndpointAccess = { kind: 'authenticated' };
export const SUPER_USER: EndpointAccess = { kind: 'super_user' };

/** Access for endpoints under /merchants/:id/: a role on that merchant, meeting the requirement when one is given. */
export const merchantAccess = (requirement?: RoleRequirement, param = 'id'): EndpointAccess => ({
  kind: 'merchant',
  param,
  requirement,
});
