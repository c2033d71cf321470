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
import { signedMediaPath } from '../src/modules/messaging/media-links';
import type { CustomerFixture } from './factories';
import { testConfig } from './helpers';

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
  createTag(): Promise<string>;
  /** An UNSCHEDULED message template of the merchant. */
  createMessageTemplate(): Promise<string>;
  /** An MMS attachment received from a customer of the merchant. */
  createMessageMedia(): Promise<string>;
  /** A text to a new customer of the merchant that failed with 30003 (it may be sent again). */
  createMissedMessage(): Promise<string>;
  /** A number the merchant sends texts from. */
  createSendingNumber(): Promise<string>;
  /** A location of the merchant (no merchant accounts under it). */
  createLocation(): Promise<string>;
  /** A merchant account of the merchant, at a location of its own. */
  createMerchantAccount(): Promise<string>;
  /** A business owner of the merchant holding 1%. */
  createOwner(): Promise<string>;
  /** A customer with an account, a co-borrower on it and a note (written by the caller with `noteByCaller`). */
  createCustomer(options?: { noteByCaller?: boolean }): Promise<CustomerFixture>;
  /** A saved card of the customer. */
  createPaymentMethod(customerId: string): Promise<string>;
  /** A PAID card payment on a new customer's account. */
  createPayment(): Promise<string>;
  /** A FAILED (declined) card payment on a new customer's account. */
  createFailedPayment(): Promise<string>;
  /** A RETURNED payment (ACH return R02, so never re-presented) on a new customer's account. */
  createAchReturn(): Promise<string>;
  /** The token of a live payment link for a new customer's account. */
  createPaymentLink(): Promise<string>;
  /** A payment scheduled far ahead on a new customer's account. */
  createScheduledPayment(): Promise<string>;
  /** An unconfirmed promise to pay far ahead on a new customer's account. */
  createPromise(): Promise<string>;
  /** A finished customer import (no rows). */
  createCustomerImport(): Promise<string>;
  /** A staff user of the merchant. */
  createUser(): Promise<string>;
  /** The refresh token of a new sign-in of a fresh user. */
  createRefreshToken(): Promise<string>;
  /** An open, resolvable failed action of the merchant for this device provider. */
  createFailedAction(provider: 'passtime' | 'ituran'): Promise<string>;
  /** The flags of the caller's custom role; null for callers holding a base role. */
  grantedFlags: readonly PermissionFlag[] | null;
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
  merchantSupers:  row('login',  'allow',  'deny',  'deny',  'deny',    'deny',       'hidden'),
  customerEditors: row('login',  'allow',  'allow', 'allow', 'allow',   'deny',       'hidden'),
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

const memberObject = (request: MatrixEntry['request']): MatrixEntry => ({
  flags: [],
  expect: ROWS.merchantMembers,
  crossTenantObject: 'hidden',
  request,
});
const locationBody = (name: string) => ({
  name,
  address_line1: '1 Matrix Way',
  city: 'Hartford',
  state: 'CT',
  postal_code: '06103',
  timezone: 'America/New_York',
});
const merchantAccountBody = (locationId: string) => ({
  location_id: locationId,
  name: 'Matrix account',
  kind: 'ach',
  processor_merchant_id: 'SBX-MATRIX',
  deposit_routing_number: '021000021',
  deposit_account_number: '000123456789',
  rate_bps: 100,
});
const deviceSettings = (provider: 'passtime' | 'ituran', request?: MatrixEntry['request']): MatrixEntry => ({
  flags: [provider === 'passtime' ? 'is_merchant_passtime_allowed' : 'is_merchant_ituran_allowed'],
  expect: ROWS.userManagers,
  request,
});
/** Resolve and retry: either device flag passes the route; the action is one of the caller's provider. */
const failedActionOf = (): MatrixEntry => ({
  flags: ['is_merchant_passtime_allowed', 'is_merchant_ituran_allowed'],
  expect: ROWS.userManagers,
  crossTenantObject: 'hidden',
  request: async (context) => {
    const ituranOnly = context.grantedFlags !== null && !context.grantedFlags.includes('is_merchant_passtime_allowed');
    return { params: { aid: await context.createFailedAction(ituranOnly ? 'ituran' : 'passtime') } };
  },
});
/** Owners' private data (business owners and details) and account devices: the merchant's administrators only. */
const merchantAdminOnly = (request?: MatrixEntry['request']): MatrixEntry => ({
  flags: [],
  expect: ROWS.merchantAdmins,
  crossTenantObject: 'hidden',
  request,
});
const OWNER_BODY = {
  first_name: 'Matrix',
  last_name: 'Owner',
  email: 'matrix.owner@owners.test',
  phone: '(212) 555-0123',
  date_of_birth: '1980-02-03',
  ssn: '123456789',
  address_line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  ownership_percentage: 1,
};
const customerParams = async (context: RequestContext): Promise<RequestPlan> => ({
  params: { customerId: (await context.createCustomer()).customerId },
});
const accountParams = async (context: RequestContext): Promise<RequestPlan> => {
  const fixture = await context.createCustomer();
  return { params: { customerId: fixture.customerId, accountId: fixture.accountId } };
};
const customerReaders = (request: MatrixEntry['request']): MatrixEntry => ({
  flags: [],
  expect: ROWS.merchantMembers,
  crossTenantObject: 'hidden',
  request,
});
const customerEditors = (request: MatrixEntry['request']): MatrixEntry => ({
  flags: ['is_customer_update_allowed'],
  expect: ROWS.customerEditors,
  crossTenantObject: 'hidden',
  request,
});

const templateEditors = (request: MatrixEntry['request']): MatrixEntry => ({
  flags: ['is_template_update_allowed'],
  expect: ROWS.customerEditors,
  request,
});
const templateObject = (request: MatrixEntry['request']): MatrixEntry => ({
  ...templateEditors(request),
  crossTenantObject: 'hidden',
});
const templateBody = (name: string) => ({
  name,
  type: 'UNSCHEDULED',
  delta_days: null,
  message_bodies: [{ language: 'en-US', body_type: 'TEXT', message_body: 'Hi {{first_name}}' }],
});

const paymentRefunders = (request: MatrixEntry['request']): MatrixEntry => ({
  flags: ['is_payment_refund_allowed'],
  expect: ROWS.customerEditors,
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

  'POST /api/dev/outbox/inbound/': {
    flags: [],
    expect: ROWS.superUsers,
    request: () => ({ body: { from: '+13125550199', to: '+13125550198', body: 'matrix' } }),
  },
  // Twilio's webhooks: public, refused without a valid X-Twilio-Signature (400 missing here; messaging.test.ts).
  'POST /api/webhooks/twilio/messages/': open(() => ({ body: { MessageSid: 'SMmatrix' } })),
  'POST /api/webhooks/twilio/status/': open(() => ({ body: { MessageSid: 'SMmatrix', MessageStatus: 'sent' } })),

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
  // An empty body: a caller past the access checks is answered 400 (the merchant's own checks: last-merchant.test.ts).
  'PUT /api/profile/last_merchant/': { flags: [], expect: ROWS.signedIn, request: () => ({ body: {} }) },
  // Empty bodies too: the user's own name and password are changed in profile.test.ts.
  'PATCH /api/profile/': { flags: [], expect: ROWS.signedIn, request: () => ({ body: {} }) },
  'POST /api/profile/password/': { flags: [], expect: ROWS.signedIn, request: () => ({ body: {} }) },

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

  // Account tags: read by anyone with a role on the merchant (customer lists filter by them), written by its
  // administrators.
  'GET /api/merchants/:id/account-tags/': {
    flags: [],
    expect: ROWS.merchantMembers,
    request: () => ({ query: 'search=a&page_size=1000&ordering=-created' }),
  },
  'POST /api/merchants/:id/account-tags/': {
    flags: [],
    expect: ROWS.merchantAdmins,
    request: (context) => ({ body: { name: context.uniqueName('Tag') } }),
  },
  'GET /api/merchants/:id/account-tags/:tagId/': {
    flags: [],
    expect: ROWS.merchantMembers,
    crossTenantObject: 'hidden',
    request: async (context) => ({ params: { tagId: await context.createTag() } }),
  },
  'PUT /api/merchants/:id/account-tags/:tagId/': roleAdmin(async (context) => ({
    params: { tagId: await context.createTag() },
    body: { name: context.uniqueName('Renamed') },
  })),
  'PATCH /api/merchants/:id/account-tags/:tagId/': roleAdmin(async (context) => ({
    params: { tagId: await context.createTag() },
    body: { name: context.uniqueName('Patched') },
  })),
  'DELETE /api/merchants/:id/account-tags/:tagId/': roleAdmin(async (context) => ({
    params: { tagId: await context.createTag() },
  })),

  // Message templates (SPEC §6 template pages): any base role; with custom roles is_template_update_allowed.
  'GET /api/merchants/:id/message_templates/': templateEditors(() => ({ query: 'page=1&page_size=1000&search=a' })),
  'POST /api/merchants/:id/message_templates/': templateEditors((context) => ({
    body: templateBody(context.uniqueName('Template')),
  })),
  'POST /api/merchants/:id/message_templates/random_render/': templateEditors(() => ({
    body: { message_template_body: 'Hi {{first_name}}', type: 'TEXT' },
  })),
  'GET /api/merchants/:id/message_templates/random_render/': templateEditors(() => ({
    query: 'message_template_body=Hi%20%7B%7Bfirst_name%7D%7D&type=EMAIL',
  })),
  // The editor's draft for a chosen customer: the customer is the object (another merchant's → 404).
  'POST /api/merchants/:id/message_templates/preview/': templateObject(async (context) => {
    const fixture = await context.createCustomer();
    return {
      body: {
        customer: fixture.customerId,
        account: fixture.accountId,
        message_template_body: 'Hi {{first_name}}, pay at {{payment_link}}',
        type: 'TEXT',
      },
    };
  }),
  'GET /api/merchants/:id/message_templates/:tid/': templateObject(async (context) => ({
    params: { tid: await context.createMessageTemplate() },
  })),
  'PUT /api/merchants/:id/message_templates/:tid/': templateObject(async (context) => ({
    params: { tid: await context.createMessageTemplate() },
    body: templateBody(context.uniqueName('Renamed')),
  })),
  'PATCH /api/merchants/:id/message_templates/:tid/': templateObject(async (context) => ({
    params: { tid: await context.createMessageTemplate() },
    body: { name: context.uniqueName('Patched') },
  })),
  'DELETE /api/merchants/:id/message_templates/:tid/': templateObject(async (context) => ({
    params: { tid: await context.createMessageTemplate() },
  })),
  'POST /api/merchants/:id/message_templates/:tid/render/': templateObject(async (context) => {
    const fixture = await context.createCustomer();
    return {
      params: { tid: await context.createMessageTemplate() },
      body: { customer: fixture.customerId, account: fixture.accountId, type: 'TEXT' },
    };
  }),
  'GET /api/merchants/:id/message_templates/:tid/render/': templateObject(async (context) => {
    const fixture = await context.createCustomer();
    return {
      params: { tid: await context.createMessageTemplate() },
      query: `customer=${fixture.customerId}&account=${fixture.accountId}&type=EMAIL`,
    };
  }),

  // The audit log of a merchant, for its administrators.
  'GET /api/merchants/:id/activity/': {
    flags: [],
    expect: ROWS.merchantAdmins,
    request: () => ({ query: 'kind=tag&page_size=50' }),
  },
  'GET /api/merchants/:id/activity/actors/': { flags: [], expect: ROWS.merchantAdmins },
  // Locations and merchant accounts: every member reads (pickers), administrators write.
  'GET /api/merchants/:id/merchant_locations/': {
    flags: [],
    expect: ROWS.merchantMembers,
    request: () => ({ query: 'page=1&page_size=1000&search=a' }),
  },
  'POST /api/merchants/:id/merchant_locations/': {
    flags: [],
    expect: ROWS.merchantAdmins,
    request: (context) => ({ body: locationBody(context.uniqueName('Matrix location')) }),
  },
  'GET /api/merchants/:id/merchant_locations/:locationId/': {
    ...memberObject(async (context) => ({ params: { locationId: await context.createLocation() } })),
  },
  'PUT /api/merchants/:id/merchant_locations/:locationId/': roleAdmin(async (context) => ({
    params: { locationId: await context.createLocation() },
    body: locationBody(context.uniqueName('Replaced location')),
  })),
  'PATCH /api/merchants/:id/merchant_locations/:locationId/': roleAdmin(async (context) => ({
    params: { locationId: await context.createLocation() },
    body: { city: 'Stamford' },
  })),
  'DELETE /api/merchants/:id/merchant_locations/:locationId/': roleAdmin(async (context) => ({
    params: { locationId: await context.createLocation() },
  })),
  'GET /api/merchants/:id/merchant_accounts/': {
    flags: [],
    expect: ROWS.merchantMembers,
    request: async (context) => ({ query: `location=${await context.createLocation()}` }),
  },
  'POST /api/merchants/:id/merchant_accounts/': {
    flags: [],
    expect: ROWS.merchantAdmins,
    request: async (context) => ({ body: merchantAccountBody(await context.createLocation()) }),
  },
  'GET /api/merchants/:id/merchant_accounts/:merchantAccountId/': memberObject(async (context) => ({
    params: { merchantAccountId: await context.createMerchantAccount() },
  })),
  'PUT /api/merchants/:id/merchant_accounts/:merchantAccountId/': roleAdmin(async (context) => ({
    params: { merchantAccountId: await context.createMerchantAccount() },
    body: merchantAccountBody(await context.createLocation()),
  })),
  'PATCH /api/merchants/:id/merchant_accounts/:merchantAccountId/': roleAdmin(async (context) => ({
    params: { merchantAccountId: await context.createMerchantAccount() },
    body: { status: 'inactive' },
  })),
  'DELETE /api/merchants/:id/merchant_accounts/:merchantAccountId/': roleAdmin(async (context) => ({
    params: { merchantAccountId: await context.createMerchantAccount() },
  })),
  // Integrations: connections and FreshBooks are for super_admin; PassTime and Ituran for admin, super_admin or
  // their flag. The routes naming the merchant or provider outside the path check it in the service.
  'GET /api/merchants/:id/integrations/': { flags: [], expect: ROWS.merchantSupers },
  'GET /api/oauth-links/': {
    flags: [],
    expect: ROWS.merchantSupers,
    request: (context) => ({ query: `merchant=${context.merchantId}` }),
  },
  // A state nobody was given: whoever is signed in gets past the access checks to its 400.
  'POST /api/freshbooks/connect/': {
    flags: [],
    expect: ROWS.signedIn,
    request: () => ({ body: { code: 'not-a-code', state: 'not-a-state' } }),
  },
  'DELETE /api/merchants/:id/integrations/freshbooks/': { flags: [], expect: ROWS.merchantSupers },
  'GET /api/merchants/:id/integrations/passtime/': deviceSettings('passtime'),
  // Invalid on purpose: valid credentials would replace the shared demo merchant's.
  'PUT /api/merchants/:id/integrations/passtime/': deviceSettings('passtime', () => ({ body: { dealer_id: '' } })),
  'POST /api/merchants/:id/integrations/passtime/test/': deviceSettings('passtime'),
  'GET /api/merchants/:id/integrations/ituran/': deviceSettings('ituran'),
  'PUT /api/merchants/:id/integrations/ituran/': deviceSettings('ituran', () => ({ body: { account_id: '' } })),
  'POST /api/merchants/:id/integrations/ituran/test/': deviceSettings('ituran'),
  // Linking a device to an account: the merchant's administrators.
  'PUT /api/merchants/:id/customers/:customerId/accounts/:accountId/device/': merchantAdminOnly(async (context) => ({
    ...(await accountParams(context)),
    body: { provider: 'passtime', device_id: 'MX-1' },
  })),
  'DELETE /api/merchants/:id/customers/:customerId/accounts/:accountId/device/': merchantAdminOnly(accountParams),
  // Either device flag passes the route's check; the provider of the account's device is then checked by the
  // service (integrations.test.ts). The fixture's account has no device, so whoever passes the route's check gets
  // its 409 (integration.no_device) before the provider would be asked.
  'POST /api/merchants/:id/customers/:customerId/accounts/:accountId/device_actions/': {
    flags: ['is_merchant_passtime_allowed', 'is_merchant_ituran_allowed'],
    expect: ROWS.userManagers,
    crossTenantObject: 'hidden',
    request: async (context) => ({ ...(await accountParams(context)), body: { action: 'locate' } }),
  },
  'GET /api/merchants/:id/failed-actions/': {
    flags: ['is_merchant_passtime_allowed', 'is_merchant_ituran_allowed'],
    expect: ROWS.userManagers,
  },
  // The action is for a provider the caller may use (the service checks the action's own provider).
  'POST /api/merchants/:id/failed-actions/:aid/resolve/': failedActionOf(),
  'POST /api/merchants/:id/failed-actions/:aid/retry/': failedActionOf(),
  // Payment codes: the pool a super user picks a new merchant's code from
  'GET /api/merchants/available_upc/': { flags: [], expect: ROWS.superUsers },

  // Business owners and details, and the onboarding summary
  'GET /api/merchants/:id/business_owners/': { flags: [], expect: ROWS.merchantAdmins },
  'POST /api/merchants/:id/business_owners/': {
    flags: [],
    expect: ROWS.merchantAdmins,
    request: () => ({ body: OWNER_BODY }),
  },
  'GET /api/merchants/:id/business_owners/:ownerId/': merchantAdminOnly(async (context) => ({
    params: { ownerId: await context.createOwner() },
  })),
  'PUT /api/merchants/:id/business_owners/:ownerId/': merchantAdminOnly(async (context) => ({
    params: { ownerId: await context.createOwner() },
    body: { ...OWNER_BODY, ssn: '' },
  })),
  'PATCH /api/merchants/:id/business_owners/:ownerId/': merchantAdminOnly(async (context) => ({
    params: { ownerId: await context.createOwner() },
    body: { title: 'Partner' },
  })),
  'DELETE /api/merchants/:id/business_owners/:ownerId/': merchantAdminOnly(async (context) => ({
    params: { ownerId: await context.createOwner() },
  })),
  // Invalid on purpose: a valid body would change the demo merchants' details.
  'GET /api/merchants/:id/business_details/': { flags: [], expect: ROWS.merchantAdmins },
  'PUT /api/merchants/:id/business_details/': {
    flags: [],
    expect: ROWS.merchantAdmins,
    request: () => ({ body: { legal_name: '' } }),
  },
  'GET /api/merchants/:id/onboarding_summary/': { flags: [], expect: ROWS.merchantAdmins },
  // Customers and accounts: reading is for every user of the merchant; changes need customerUpdate
  // (is_customer_update_allowed with custom roles), editing notes noteUpdate (is_note_update_allowed).
  'GET /api/merchants/:id/customers/': {
    flags: [],
    expect: ROWS.merchantMembers,
    request: () => ({ query: 'search=a' }),
  },
  'GET /api/customers/': { flags: [], expect: ROWS.signedIn, request: () => ({ query: 'search=a' }) },
  'GET /api/merchants/:id/customers/recently_viewed/': { flags: [], expect: ROWS.merchantMembers },
  // An empty body: a caller past the access checks is answered 400.
  'POST /api/merchants/:id/customers/': {
    flags: ['is_customer_update_allowed'],
    expect: ROWS.customerEditors,
    request: () => ({ body: {} }),
  },
  'GET /api/merchants/:id/customers/:customerId/': customerReaders(customerParams),
  'POST /api/merchants/:id/customers/:customerId/update_last_viewed/': customerReaders(customerParams),
  'PATCH /api/merchants/:id/customers/:customerId/': customerEditors(async (context) => ({
    ...(await customerParams(context)),
    body: { language: 'es-US' },
  })),
  'DELETE /api/merchants/:id/customers/:customerId/': customerEditors(customerParams),
  'GET /api/merchants/:id/customers/:customerId/consent/': customerReaders(customerParams),
  'POST /api/merchants/:id/customers/:customerId/consent/': customerEditors(async (context) => ({
    ...(await customerParams(context)),
    body: { channel: 'email', opted_in: false, affirmation: 'The customer asked us to stop.' },
  })),
  'GET /api/merchants/:id/customers/:customerId/history/': customerReaders(customerParams),
  'GET /api/merchants/:id/customers/:customerId/payment_methods/': customerReaders(customerParams),
  // Payments: saving and removing methods and taking payments are for any role on the merchant (paymentTake); a
  // token the processor does not know is a 400 after the access checks.
  'POST /api/merchants/:id/customers/:customerId/payment_methods/': customerReaders(async (context) => ({
    ...(await customerParams(context)),
    body: { token: 'tok_unknown', nickname: 'Matrix' },
  })),
  'DELETE /api/merchants/:id/customers/:customerId/payment_methods/:methodId/': customerReaders(async (context) => {
    const { customerId } = await context.createCustomer();
    return { params: { customerId, methodId: await context.createPaymentMethod(customerId) } };
  }),
  'POST /api/merchants/:id/accounts/:accountId/payments/': customerReaders(async (context) => {
    const fixture = await context.createCustomer();
    return {
      params: { accountId: fixture.accountId },
      body: { customer: fixture.customerId, sources: [{ payment_method: randomUUID(), amount: 50 }] },
    };
  }),
  'POST /api/merchants/:id/misc_payments/': customerReaders(async (context) => ({
    body: {
      payer_name: 'Matrix Payer',
      description: 'Down payment',
      location: await context.createLocation(),
      sources: [{ token: 'tok_unknown', amount: 500 }],
    },
  })),
  // Payment links (decision 0022): issued by any role on the merchant (paymentTake); the pay page and paying with a
  // link are public (the link's token is the credential). Paying without an Idempotency-Key is a 400: nothing is paid.
  'POST /api/merchants/:id/accounts/:accountId/payment_link/': customerReaders(async (context) => {
    const fixture = await context.createCustomer();
    return { params: { accountId: fixture.accountId }, body: { customer_id: fixture.customerId } };
  }),
  'GET /api/pay/:token/': open(async (context) => ({ params: { token: await context.createPaymentLink() } })),
  'POST /api/pay/:token/payments/': open(async (context) => ({
    params: { token: await context.createPaymentLink() },
    body: { token: 'tok_unknown', amount: 500 },
  })),
  // Messaging: any role on the merchant sends a template and reads a conversation; the handler refuses a user
  // without free-typing chat (SPEC §6) anything but a template (messaging.test.ts).
  'POST /api/merchants/:id/accounts/:accountId/send_message/': customerReaders(async (context) => {
    const fixture = await context.createCustomer();
    return { params: { accountId: fixture.accountId }, body: { customer: fixture.customerId, template: 'THANKS' } };
  }),
  'GET /api/merchants/:id/customers/:customerId/messages/': customerReaders(customerParams),
  // The inbox (any role on the merchant); attachments are uploaded with free-typing chat. A JSON body to
  // upload_media is a 400 (it takes multipart), past the access checks.
  'GET /api/merchants/:id/inbox/': {
    flags: [],
    expect: ROWS.merchantMembers,
    request: () => ({ query: 'page=1&page_size=25&search=(312)&location=all' }),
  },
  'GET /api/merchants/:id/inbox/:cid/': customerReaders(async (context) => ({
    params: { cid: (await context.createCustomer()).customerId },
  })),
  'POST /api/merchants/:id/inbox/:cid/read/': customerReaders(async (context) => ({
    params: { cid: (await context.createCustomer()).customerId },
  })),
  'GET /api/merchants/:id/inbox/:cid/templates/': customerReaders(async (context) => {
    const fixture = await context.createCustomer();
    return { params: { cid: fixture.customerId }, query: `account=${fixture.accountId}` };
  }),
  'POST /api/merchants/:id/upload_media/': {
    flags: ['is_customer_free_text_allowed'],
    expect: ROWS.customerEditors,
    request: () => ({ body: { file: 'not-multipart' } }),
  },
  'GET /api/merchants/:id/message_media/:mediaId/': customerReaders(async (context) => ({
    params: { mediaId: await context.createMessageMedia() },
  })),
  // The dashboard's message queues (any role on the merchant); sending a missed text again is sending a text
  // (free-typing chat, SPEC §6).
  'GET /api/merchants/:id/customer_replies/': { flags: [], expect: ROWS.merchantMembers },
  'GET /api/merchants/:id/missed_messages/': { flags: [], expect: ROWS.merchantMembers },
  'POST /api/merchants/:id/missed_messages/:mid/resend/': {
    flags: ['is_customer_free_text_allowed'],
    expect: ROWS.customerEditors,
    crossTenantObject: 'hidden',
    request: async (context) => ({ params: { mid: await context.createMissedMessage() } }),
  },
  'POST /api/merchants/:id/missed_messages/:mid/dismiss/': customerReaders(async (context) => ({
    params: { mid: await context.createMissedMessage() },
  })),
  // An attachment by its signed link: no token, the signature is the permission (403 without; messaging-settings.test.ts).
  'GET /api/media/:merchant/:media/': open(async (context) => {
    const media = await context.createMessageMedia();
    const [, query = ''] = signedMediaPath(testConfig(), context.merchantId, media, 4_102_444_800).split('?');
    return { params: { merchant: context.merchantId, media }, query };
  }),
  // Confirming or dismissing a reply flagged as an opt-out changes consent: customer editors (400 with no flag).
  'POST /api/merchants/:id/inbox/:cid/opt_out_flag/': {
    flags: ['is_customer_update_allowed'],
    expect: ROWS.customerEditors,
    crossTenantObject: 'hidden',
    request: async (context) => ({
      params: { cid: (await context.createCustomer()).customerId },
      body: { action: 'dismiss' },
    }),
  },
  // Messaging settings: the merchant's administrators; its Twilio account and sending numbers: super users.
  'GET /api/merchants/:id/messaging_settings/': { flags: [], expect: ROWS.merchantAdmins },
  'PUT /api/merchants/:id/messaging_settings/': {
    flags: [],
    expect: ROWS.merchantAdmins,
    request: () => ({ body: { opt_out_line: true } }),
  },
  'PUT /api/merchants/:id/messaging_settings/twilio/': {
    flags: [],
    expect: ROWS.superUsers,
    request: (context) => ({ params: { id: context.merchantId }, body: { account_sid: '' } }),
  },
  'POST /api/merchants/:id/sending_numbers/': {
    flags: [],
    expect: ROWS.superUsers,
    request: (context) => ({ params: { id: context.merchantId }, body: { phone_number: 'not a number' } }),
  },
  'DELETE /api/merchants/:id/sending_numbers/:nid/': {
    flags: [],
    expect: ROWS.superUsers,
    request: async (context) => ({
      params: { id: context.merchantId, nid: await context.createSendingNumber() },
    }),
  },
  'POST /api/merchants/:id/customer_accounts/': {
    flags: [],
    expect: ROWS.merchantMembers,
    request: () => ({ body: { search: 'fixture', page_size: 25 } }),
  },

  // Scheduled payments: any role on the merchant (paymentTake).
  'GET /api/merchants/:id/accounts/:accountId/scheduled_payments/': customerReaders(async (context) => ({
    params: { accountId: (await context.createCustomer()).accountId },
  })),
  'POST /api/merchants/:id/accounts/:accountId/scheduled_payments/': customerReaders(async (context) => {
    const fixture = await context.createCustomer();
    return {
      params: { accountId: fixture.accountId },
      body: {
        customer: fixture.customerId,
        payment_method: await context.createPaymentMethod(fixture.customerId),
        amount: 100,
        date: '2099-01-01',
      },
    };
  }),
  'POST /api/merchants/:id/cancel_scheduled_payment/': customerReaders(async (context) => ({
    body: { payment: await context.createScheduledPayment() },
  })),
  'GET /api/merchants/:id/failed_payments/': { flags: [], expect: ROWS.merchantMembers },
  // Autopay and promises to pay (issue 19 items 2, 3): any role on the merchant (paymentTake to change them).
  'GET /api/merchants/:id/accounts/:accountId/autopay/': customerReaders(async (context) => ({
    params: { accountId: (await context.createCustomer()).accountId },
  })),
  'PUT /api/merchants/:id/accounts/:accountId/autopay/': customerReaders(async (context) => {
    const fixture = await context.createCustomer();
    return {
      params: { accountId: fixture.accountId },
      body: { customer: fixture.customerId, payment_method: await context.createPaymentMethod(fixture.customerId) },
    };
  }),
  'DELETE /api/merchants/:id/accounts/:accountId/autopay/': customerReaders(async (context) => ({
    params: { accountId: (await context.createCustomer()).accountId },
  })),
  'GET /api/merchants/:id/accounts/:accountId/promises/': customerReaders(async (context) => ({
    params: { accountId: (await context.createCustomer()).accountId },
  })),
  'POST /api/merchants/:id/accounts/:accountId/promises/': customerReaders(async (context) => {
    const fixture = await context.createCustomer();
    return {
      params: { accountId: fixture.accountId },
      body: { customer: fixture.customerId, amount: 100, scheduled_date: '2099-01-01T12:00:00Z' },
    };
  }),
  'POST /api/merchants/:id/promises/:promiseId/confirm/': customerReaders(async (context) => ({
    params: { promiseId: await context.createPromise() },
  })),
  // The merchant's own list names no object: another organisation on its own merchant sees its own (empty) list.
  'GET /api/merchants/:id/promises/': { flags: [], expect: ROWS.merchantMembers, request: () => ({}) },
  'POST /api/merchants/:id/failed_payments/:paymentId/retry/': customerReaders(async (context) => ({
    params: { paymentId: await context.createFailedPayment() },
    body: {},
  })),
  'GET /api/merchants/:id/ach_returns/': { flags: [], expect: ROWS.merchantMembers },
  'GET /api/merchants/:id/ach_returns/rates/': { flags: [], expect: ROWS.merchantMembers },
  'POST /api/merchants/:id/ach_returns/:paymentId/represent/': customerReaders(async (context) => ({
    params: { paymentId: await context.createAchReturn() },
  })),
  // Refunds: is_payment_refund_allowed where the merchant checks custom roles (SPEC §6).
  'POST /api/merchants/:id/refund_payment/': paymentRefunders(async (context) => ({
    body: {
      payment: await context.createPayment(),
      total: 100,
      sources: [{ payment_method: randomUUID(), amount: 100 }],
    },
  })),
  'POST /api/merchants/:id/move_payment/': paymentRefunders(async (context) => ({
    body: {
      payment: await context.createPayment(),
      account: (await context.createCustomer()).accountId,
      reason: 'Matrix',
    },
  })),
  'POST /api/merchants/:id/refund_transaction/': paymentRefunders(async (context) => ({
    body: { transaction: await context.createPayment() },
  })),
  'GET /api/merchants/:id/payments/:paymentId/': customerReaders(async (context) => ({
    params: { paymentId: await context.createPayment() },
  })),
  'POST /api/merchants/:id/payments/:paymentId/receipt/': customerReaders(async (context) => ({
    params: { paymentId: await context.createPayment() },
    body: { email: 'matrix@example.com' },
  })),
  'GET /api/merchants/:id/customers/:customerId/accounts/:accountId/transactions/': customerReaders(async (context) => {
    const fixture = await context.createCustomer();
    return { params: { customerId: fixture.customerId, accountId: fixture.accountId } };
  }),
  // Transaction search: is_merchant_payment_report_allowed (SPEC §6).
  'GET /api/merchants/:id/report-transactions/': {
    flags: ['is_merchant_payment_report_allowed'],
    expect: ROWS.customerEditors,
  },
  'POST /api/merchants/:id/export_transactions/': {
    flags: ['is_merchant_payment_report_allowed'],
    expect: ROWS.customerEditors,
    request: () => ({ body: { page_number: 1, page_size: 10 } }),
  },
  'GET /api/merchants/:id/customers/:customerId/notes/': customerReaders(customerParams),
  'POST /api/merchants/:id/customers/:customerId/notes/': customerReaders(async (context) => ({
    ...(await customerParams(context)),
    body: { body: 'Matrix note' },
  })),
  // The caller's own note: the note's author may change it, others only as administrators (customers.test.ts).
  'PATCH /api/merchants/:id/customers/:customerId/notes/:noteId/': {
    ...customerEditors(async (context) => {
      const fixture = await context.createCustomer({ noteByCaller: true });
      return { params: { customerId: fixture.customerId, noteId: fixture.noteId }, body: { body: 'Edited' } };
    }),
    flags: ['is_note_update_allowed'],
  },
  'DELETE /api/merchants/:id/customers/:customerId/notes/:noteId/': {
    ...customerEditors(async (context) => {
      const fixture = await context.createCustomer({ noteByCaller: true });
      return { params: { customerId: fixture.customerId, noteId: fixture.noteId } };
    }),
    flags: ['is_note_update_allowed'],
  },
  'PATCH /api/merchants/:id/customers/:customerId/accounts/:accountId/': customerEditors(async (context) => ({
    ...(await accountParams(context)),
    body: { amount_due_cents: 4200 },
  })),
  'GET /api/merchants/:id/customers/:customerId/accounts/:accountId/customers/': customerReaders(accountParams),
  'POST /api/merchants/:id/customers/:customerId/accounts/:accountId/customers/': customerEditors(async (context) => ({
    ...(await accountParams(context)),
    body: { customer: { first_name: 'Co', last_name: 'Borrower' } },
  })),
  'DELETE /api/merchants/:id/customers/:customerId/accounts/:accountId/customers/:coBorrowerId/': customerEditors(
    async (context) => {
      const fixture = await context.createCustomer();
      return {
        params: { customerId: fixture.customerId, accountId: fixture.accountId, coBorrowerId: fixture.coBorrowerId },
      };
    },
  ),
  // Not under a merchant: an account of a merchant the caller has no role on is not found.
  'GET /api/accounts/:accountId/locate/': {
    flags: [],
    expect: ROWS.merchantMembers,
    request: async (context) => ({ params: { accountId: (await context.createCustomer()).accountId } }),
  },

  // Customer CSV import: customerUpdate (is_customer_update_allowed with custom roles).
  'GET /api/merchants/:id/customer_import_mapping/': {
    flags: ['is_customer_update_allowed'],
    expect: ROWS.customerEditors,
  },
  // An empty body: a caller past the access checks is answered 400.
  'POST /api/merchants/:id/customer_imports/': {
    flags: ['is_customer_update_allowed'],
    expect: ROWS.customerEditors,
    request: () => ({ body: {} }),
  },
  // An empty body: a caller past the access checks is answered 400; nothing is written either way.
  'POST /api/merchants/:id/customer_imports/preview/': {
    flags: ['is_customer_update_allowed'],
    expect: ROWS.customerEditors,
    request: () => ({ body: {} }),
  },
  'GET /api/merchants/:id/customer_imports/:importId/': customerEditors(async (context) => ({
    params: { importId: await context.createCustomerImport() },
  })),
  'GET /api/merchants/:id/customer_imports/:importId/report/': customerEditors(async (context) => ({
    params: { importId: await context.createCustomerImport() },
  })),
  'GET /api/merchants/:id/customer_imports/:importId/report/csv/': customerEditors(async (context) => ({
    params: { importId: await context.createCustomerImport() },
  })),

  // Payments: a card BIN's brand and funding, read by anyone with a role on the merchant. A BIN belongs to no
  // merchant: another organisation's caller on their own merchant reads it too.
  'GET /api/merchants/:id/bins/:bin/': {
    flags: [],
    expect: ROWS.merchantMembers,
    crossTenantObject: 'allow',
    request: () => ({ params: { bin: '424242' } }),
  },

  // The live channel: a ticket for it, then the WebSocket upgrade with the ticket in the query
  'POST /api/ws-ticket/': { flags: [], expect: ROWS.signedIn },
  'GET /ws/events/': { flags: [], expect: ROWS.signedIn },
  // A customer's conversation: any signed-in user's upgrade opens; one who may not see the customer's merchant is
  // closed at once with 4004 (chat-socket.test.ts), so no status tells another tenant's customers apart.
  'GET /ws/chat/:customerId/': {
    flags: [],
    expect: ROWS.signedIn,
    request: async (context) => ({ params: { customerId: (await context.createCustomer()).customerId } }),
  },
};
