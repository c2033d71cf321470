// The expected access outcome of every /api and /ws route for each kind of caller. access-matrix.test.ts collects
// the routes the built app registers and fails when a route has no entry here or an entry names no route, then
// sends each route a request as each caller and checks the outcome. A new route needs a row here.
//
// Callers (columns, in this order):
// - anonymous: no token;
// - superUser: super@demo.test (super group), acting on Custom Roles Auto;
// - admin: admin@demo.test, acting on Custom Roles Auto (custom roles on: admins hold every flag);
// - staff: staff@demo.test, acting on Demo Motors;
// - customWith: a fresh user on Custom Roles Auto whose custom role has the flag the route needs (each flag in
//   turn), or every flag when the route needs none;
// - customWithout: a fresh user there whose custom role has every flag except those the route needs;
// - otherOrganization: legacy@demo.test (admin of another organisation) acting on Demo Motors.
// Outcomes: allow = passed the access checks (any status but 401/403/404, and below 500; a 400 for an invalid body
// counts, since permission is checked before validation), login = 401, deny = 403, hidden = 404.

import { randomUUID } from 'node:crypto';
import type { PermissionFlag } from '@paydesk/domain/access/roles';

export const PRINCIPALS = [
  'anonymous',
  'superUser',
  'admin',
  'staff',
  'customWith',
  'customWithout',
  'otherOrganization',
] as const;
export type PrincipalName = (typeof PRINCIPALS)[number];

export type Outcome = 'allow' | 'login' | 'deny' | 'hidden';

/** What a case may create for its request; objects belong to the merchant the caller acts on. */
export type RequestContext = {
  merchantId: string;
  createMerchant(): Promise<string>;
  createRole(): Promise<string>;
  /** A staff user of the merchant. */
  createUser(): Promise<string>;
  /** The refresh token of a new sign-in of a fresh user. */
  createRefreshToken(): Promise<string>;
  uniqueName(prefix: string): string;
};

/** Path parameters (the merchant parameter defaults to the caller's merchant), a JSON body and a raw query. */
export type RequestPlan = { params?: Record<string, string>; body?: unknown; query?: string };

export type MatrixEntry = {
  /** The permission flags the route's declared requirement names (checked against the declaration). */
  flags: readonly PermissionFlag[];
  expect: Record<PrincipalName, Outcome>;
  /**
   * Routes naming an object under a merchant: legacy@demo.test on their own merchant, naming an object of this
   * organisation.
   */
  crossTenantObject?: Outcome;
  request?: (context: RequestContext) => Promise<RequestPlan> | RequestPlan;
};

/** One outcome per caller, in the order of PRINCIPALS. */
type OutcomeRow = [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];

function row(...outcomes: OutcomeRow): Record<PrincipalName, Outcome> {
  return Object.fromEntries(PRINCIPALS.map((name, index) => [name, outcomes[index]])) as Record<PrincipalName, Outcome>;
}

// prettier-ignore
const ROWS = {
  //                    anonymous superUser admin   staff    customWith customWithout otherOrganization
  publicAccess:    row('allow',  'allow',  'allow', 'allow', 'allow',   'allow',      'allow'),
  signedIn:        row('login',  'allow',  'allow', 'allow', 'allow',   'allow',      'allow'),
  superUsers:      row('login',  'allow',  'deny',  'deny',  'deny',    'deny',       'deny'),
  merchantMembers: row('login',  'allow',  'allow', 'allow', 'allow',   'allow',      'hidden'),
  merchantAdmins:  row('login',  'allow',  'allow', 'deny',  'deny',    'deny',       'hidden'),
  userManagers:    row('login',  'allow',  'allow', 'deny',  'allow',   'deny',       'hidden'),
};

const open = (request?: MatrixEntry['request']): MatrixEntry => ({ flags: [], expect: ROWS.publicAccess, request });
const link = () => ({ params: { id: randomUUID(), token: 'not-a-token' } });
const STRONG_PASSWORD = 'Matrix!2026pass';
const userManagers = (request?: MatrixEntry['request']): MatrixEntry => ({
  flags: ['is_user_update_allowed'],
  expect: ROWS.userManagers,
  request,
});
const roleAdmin = (request: MatrixEntry['request']): MatrixEntry => ({
  flags: [],
  expect: ROWS.merchantAdmins,
  crossTenantObject: 'hidden',
  request,
});

export const ACCESS_MATRIX: Record<string, MatrixEntry> = {
  // API documentation (Swagger UI and the OpenAPI document)
  'GET /api/docs': open(),
  'HEAD /api/docs/': open(),
  'GET /api/docs/json': open(),
  'GET /api/docs/yaml': open(),
  'GET /api/docs/static/index.html': open(),
  'GET /api/docs/static/swagger-initializer.js': open(),
  'GET /api/docs/static/*': open(() => ({ params: { '*': 'index.css' } })),
  'GET /api/openapi.json': open(),

  'GET /api/health': open(),
  'GET /api/dev/outbox/': {
    flags: [],
    expect: ROWS.superUsers,
    request: () => ({ query: 'recipient=nobody@demo.test' }),
  },

  // Signing in and links from emails
  'POST /api/token/': open(() => ({ body: { email: 'staff@demo.test', password: 'Paydesk!2026' } })),
  'POST /api/token/refresh/': open(async (context) => ({ body: { refresh: await context.createRefreshToken() } })),
  'POST /api/token/blacklist/': open(async (context) => ({
    body: { refresh_token: await context.createRefreshToken() },
  })),
  'POST /api/sso-auth/': open(() => ({ body: { id: randomUUID(), token: 'not-a-token' } })),
  'POST /api/sso-links/': {
    flags: [],
    expect: ROWS.superUsers,
    request: async (context) => ({ body: { user_id: await context.createUser() } }),
  },
  'POST /api/password-reset/': open(() => ({ body: { email: 'nobody@demo.test' } })),
  'GET /api/password-reset/:id/:token/': open(link),
  'POST /api/password-reset/confirm/': open(() => ({
    body: { id: randomUUID(), token: 'not-a-token', password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD },
  })),
  'GET /api/partner-signup/:id/:token/': open(link),
  'POST /api/partner-signup/:id/:token/': open(() => ({
    ...link(),
    body: { first_name: 'New', last_name: 'Person', password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD },
  })),
  'GET /api/partner-invite/:id/:token/': open(link),
  'POST /api/partner-invite/:id/:token/': open(() => ({ ...link(), body: { password: STRONG_PASSWORD } })),

  'GET /api/profile/': { flags: [], expect: ROWS.signedIn },

  // Merchants
  'GET /api/merchants/': { flags: [], expect: ROWS.signedIn, request: () => ({ query: 'search=Motors' }) },
  'POST /api/merchants/': {
    flags: [],
    expect: ROWS.superUsers,
    request: (context) => ({
      body: { name: context.uniqueName('Matrix Motors'), organization_name: context.uniqueName('Matrix Group') },
    }),
  },
  'GET /api/merchants/:id/': { flags: [], expect: ROWS.merchantMembers },
  // Invalid on purpose: a valid replacement would rename the shared demo merchant.
  'PUT /api/merchants/:id/': { flags: [], expect: ROWS.merchantAdmins, request: () => ({ body: { name: '' } }) },
  'PATCH /api/merchants/:id/': { flags: [], expect: ROWS.merchantAdmins, request: () => ({ body: {} }) },
  'DELETE /api/merchants/:id/': {
    flags: [],
    expect: ROWS.superUsers,
    request: async (context) => ({ params: { id: await context.createMerchant() } }),
  },

  // Users of a merchant
  'GET /api/merchants/:id/users/': userManagers(),
  'POST /api/merchants/:id/users/invite/': userManagers(() => ({
    body: { email: `${randomUUID()}@matrix.test`, first_name: 'Ivy', last_name: 'Invitee', role: 'staff' },
  })),
  'POST /api/merchants/:id/users/:userId/disable/': {
    ...userManagers(async (context) => ({ params: { userId: await context.createUser() } })),
    crossTenantObject: 'hidden',
  },
  // The user holds a role, so a caller who passes the access checks is answered 409.
  'POST /api/merchants/:id/users/:userId/enable/': {
    ...userManagers(async (context) => ({ params: { userId: await context.createUser() }, body: { role: 'staff' } })),
    crossTenantObject: 'hidden',
  },
  'PATCH /api/merchants/:id/users/:userId/': {
    ...userManagers(async (context) => ({ params: { userId: await context.createUser() }, body: { role: 'staff' } })),
    crossTenantObject: 'hidden',
  },

  // Custom roles: the list is open to whoever may invite users (they choose a role); the rest to administrators.
  'GET /api/merchants/:id/roles/': userManagers(),
  'POST /api/merchants/:id/roles/': {
    flags: [],
    expect: ROWS.merchantAdmins,
    request: (context) => ({ body: { role_name: context.uniqueName('Matrix role') } }),
  },
  'GET /api/merchants/:id/roles/:rid/': roleAdmin(async (context) => ({ params: { rid: await context.createRole() } })),
  'PUT /api/merchants/:id/roles/:rid/': roleAdmin(async (context) => ({
    params: { rid: await context.createRole() },
    body: { role_name: context.uniqueName('Replaced role') },
  })),
  'PATCH /api/merchants/:id/roles/:rid/': roleAdmin(async (context) => ({
    params: { rid: await context.createRole() },
    body: { role_description: 'Changed' },
  })),
  'DELETE /api/merchants/:id/roles/:rid/': roleAdmin(async (context) => ({
    params: { rid: await context.createRole() },
  })),

  // The live channel: a ticket for it, then the WebSocket upgrade with the ticket in the query
  'POST /api/ws-ticket/': { flags: [], expect: ROWS.signedIn },
  'GET /ws/events/': { flags: [], expect: ROWS.signedIn },
};
