import { randomUUID } from 'node:crypto';
import { PERMISSION_FLAGS, isPermissionFlag, type PermissionFlag } from '@paydesk/domain/access/roles';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { EndpointAccess } from '@paydesk/domain/access/endpoint-access';
import {
  ACCESS_MATRIX,
  PRINCIPALS,
  type MatrixEntry,
  type Outcome,
  type PrincipalName,
  type RequestContext,
} from './access-matrix';
import {
  createCustomRole,
  createFailedAction,
  createTag,
  createMessageTemplate,
  createMessageMediaFixture,
  createMissedMessageFixture,
  createSendingNumberFixture,
  createLocation,
  createCustomerFixture,
  createCustomerImportFixture,
  createPaymentFixture,
  createPaymentLinkFixture,
  createPaymentMethodFixture,
  createScheduledPaymentFixture,
  createPromiseFixture,
  createMerchant,
  createMerchantAccount,
  createOwner,
  createUser,
  recordRoutes,
  type RecordedRoute,
  signInCustomRoleUser,
  uniqueName,
} from './factories';
import { buildTestApp } from './helpers';
import { seedDemo, sessionsFor, signIn } from './identity';

const recorder = recordRoutes();
const t = await buildTestApp({ onRoute: recorder.onRoute });
afterAll(() => t.close());
const db = t.database.db;
const ids = await seedDemo(db);
const sessionOf = sessionsFor(t.app);

type RegisteredRoute = { key: string; method: string; url: string; access?: EndpointAccess; options: RouteOptions };

/** Every /api and /ws route, one per method; Fastify's HEAD beside a GET shares the GET's matrix entry. */
function listRoutes(routes: RecordedRoute[]): RegisteredRoute[] {
  const all = routes
    .flatMap(({ methods, url, options }) => methods.map((method) => ({ method, url, options })))
    .filter(({ url }) => url.startsWith('/api') || url.startsWith('/ws'));
  const names = new Set(all.map(({ method, url }) => `${method} ${url}`));
  return all.map(({ method, url, options }) => ({
    key: method === 'HEAD' && names.has(`GET ${url}`) ? `GET ${url}` : `${method} ${url}`,
    method,
    url,
    access: options.config?.access,
    options,
  }));
}

const registered = listRoutes(recorder.routes);

/** The permission flags a route's declared requirement names. */
function requiredFlags(access: EndpointAccess | undefined): PermissionFlag[] {
  if (access?.kind !== 'merchant' || !access.requirement) return [];
  const names = [...(access.requirement.roles ?? []), ...(access.requirement.customRoles ?? [])];
  return PERMISSION_FLAGS.filter((flag) => names.includes(flag) && isPermissionFlag(flag));
}

/** Path parameters other than the merchant one: they name an object under the merchant. */
function objectParams(route: RegisteredRoute): string[] {
  const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const access = route.access;
  return access?.kind === 'merchant' ? params.filter((name) => name !== access.param) : [];
}

type Caller = {
  label: string;
  outcome: Outcome;
  headers(): Promise<Record<string, string>>;
  /** The merchant in the path. */
  merchantId: string;
  /** The merchant that objects created for the request belong to. */
  objectMerchantId: string;
  /** A custom-role caller's flags. */
  granted?: readonly PermissionFlag[];
};

const SEEDED_EMAILS: Partial<Record<PrincipalName, string>> = {
  superUser: 'super@demo.test',
  admin: 'admin@demo.test',
  staff: 'staff@demo.test',
  otherOrganization: 'legacy@demo.test',
};

function callersOf(route: RegisteredRoute, entry: MatrixEntry): Caller[] {
  const flags = entry.flags;
  const customRole = (label: string, outcome: Outcome, granted: readonly PermissionFlag[]): Caller => ({
    label,
    outcome,
    headers: () => signInCustomRoleUser(t.app, db, ids.customRolesAuto, granted),
    merchantId: ids.customRolesAuto,
    objectMerchantId: ids.customRolesAuto,
    granted,
  });
  const callers: Caller[] = [];
  for (const name of PRINCIPALS) {
    const outcome = entry.expect[name];
    if (name === 'customWith') {
      if (flags.length === 0) callers.push(customRole('customWith(every flag)', outcome, PERMISSION_FLAGS));
      for (const flag of flags) callers.push(customRole(`customWith(${flag})`, outcome, [flag]));
    } else if (name === 'customWithout') {
      callers.push(
        customRole(
          name,
          outcome,
          PERMISSION_FLAGS.filter((flag) => !flags.includes(flag)),
        ),
      );
    } else {
      const email = SEEDED_EMAILS[name];
      const merchantId = name === 'staff' || name === 'otherOrganization' ? ids.demoMotors : ids.customRolesAuto;
      callers.push({
        label: name,
        outcome,
        headers: async () => (email ? sessionOf(email) : {}),
        merchantId,
        objectMerchantId: merchantId,
      });
    }
  }
  if (entry.crossTenantObject) {
    callers.push({
      label: 'otherOrganization on its own merchant, naming this organisation’s object',
      outcome: entry.crossTenantObject,
      headers: () => sessionOf('legacy@demo.test'),
      merchantId: ids.legacyMotors,
      objectMerchantId: ids.customRolesAuto,
    });
  }
  return callers;
}

async function organizationOf(merchantId: string): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/merchants/${merchantId}/`,
    headers: await sessionOf('super@demo.test'),
  });
  return response.json().organization_id;
}

/** The user a request's headers sign in as (null without a token, or for one the API refuses). */
async function userIdOf(headers: Record<string, string>): Promise<string | null> {
  if (!headers.authorization) return null;
  const response = await t.app.inject({ method: 'GET', url: '/api/profile/', headers });
  return response.statusCode === 200 ? (response.json().results[0].id as string) : null;
}

function contextFor(caller: Caller, headers: Record<string, string>): RequestContext {
  return {
    merchantId: caller.merchantId,
    createMerchant: async () => createMerchant(db, await organizationOf(caller.objectMerchantId)),
    createRole: () => createCustomRole(db, caller.objectMerchantId, []),
    createTag: () => createTag(db, caller.objectMerchantId),
    createMessageTemplate: () => createMessageTemplate(db, caller.objectMerchantId),
    createMessageMedia: () => createMessageMediaFixture(db, caller.objectMerchantId),
    createMissedMessage: async () => (await createMissedMessageFixture(db, caller.objectMerchantId)).messageId,
    createSendingNumber: () => createSendingNumberFixture(db, caller.objectMerchantId),
    createLocation: () => createLocation(db, caller.objectMerchantId),
    createMerchantAccount: () => createMerchantAccount(db, caller.objectMerchantId),
    createOwner: () => createOwner(db, caller.objectMerchantId),
    createCustomer: async (options = {}) =>
      createCustomerFixture(db, caller.objectMerchantId, {
        noteAuthorId: options.noteByCaller ? await userIdOf(headers) : null,
      }),
    createCustomerImport: () => createCustomerImportFixture(db, caller.objectMerchantId),
    createPaymentMethod: (customerId) => createPaymentMethodFixture(db, caller.objectMerchantId, customerId),
    createPayment: async () =>
      createPaymentFixture(db, caller.objectMerchantId, await createCustomerFixture(db, caller.objectMerchantId)),
    createFailedPayment: async () =>
      createPaymentFixture(db, caller.objectMerchantId, await createCustomerFixture(db, caller.objectMerchantId), {
        failed: true,
      }),
    createAchReturn: async () =>
      createPaymentFixture(db, caller.objectMerchantId, await createCustomerFixture(db, caller.objectMerchantId), {
        returnCode: 'R02',
      }),
    createPaymentLink: () => createPaymentLinkFixture(db, caller.objectMerchantId),
    createScheduledPayment: async () =>
      createScheduledPaymentFixture(
        db,
        caller.objectMerchantId,
        await createCustomerFixture(db, caller.objectMerchantId),
      ),
    createPromise: async () =>
      createPromiseFixture(db, caller.objectMerchantId, await createCustomerFixture(db, caller.objectMerchantId)),
    createUser: async () => (await createUser(db, caller.objectMerchantId, { role: 'staff' })).id,
    createRefreshToken: async () => {
      const user = await createUser(db, ids.customRolesAuto, { role: 'staff' });
      return (await signIn(t.app, user.email)).refresh;
    },
    createFailedAction: (provider) => createFailedAction(db, caller.objectMerchantId, provider),
    grantedFlags: caller.granted ?? null,
    uniqueName,
  };
}

function fillPath(route: RegisteredRoute, params: Record<string, string>): string {
  return route.url.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => {
    const value = params[name ?? '*'];
    if (value === undefined) throw new Error(`${route.key}: the matrix entry gives no value for ${whole}`);
    return encodeURIComponent(value);
  });
}

/** The status of a WebSocket upgrade: 101 when it opens, else the refusal's status. */
async function upgrade(url: string): Promise<{ status: number; body: string }> {
  try {
    const socket = await t.app.injectWS(url);
    socket.terminate();
    return { status: 101, body: '' };
  } catch (error) {
    const status = /response: (\d+)/.exec(String(error))?.[1];
    if (!status) throw error;
    return { status: Number(status), body: String(error) };
  }
}

async function send(route: RegisteredRoute, entry: MatrixEntry, caller: Caller) {
  const headers = await caller.headers();
  const plan = (await entry.request?.(contextFor(caller, headers))) ?? {};
  const params = { ...plan.params };
  if (route.access?.kind === 'merchant') params[route.access.param] ??= caller.merchantId;
  const path = fillPath(route, params);
  if (route.options.websocket) {
    // The caller trades its access token for a ticket first, as the web app does; without a token it has none.
    if (!headers.authorization) return upgrade(path);
    const issued = await t.app.inject({ method: 'POST', url: '/api/ws-ticket/', headers });
    expect(issued.statusCode, issued.body).toBe(201);
    return upgrade(`${path}?ticket=${encodeURIComponent((issued.json() as { ticket: string }).ticket)}`);
  }
  // An idempotent route needs its key before anything else is checked (decision 0020).
  const idempotent = (route.options.config as { endpoint?: { idempotent?: boolean } } | undefined)?.endpoint
    ?.idempotent;
  const response = await t.app.inject({
    method: route.method as 'GET',
    url: plan.query ? `${path}?${plan.query}` : path,
    headers: idempotent ? { ...headers, 'idempotency-key': randomUUID() } : headers,
    payload: plan.body as object | undefined,
  });
  return { status: response.statusCode, body: response.body };
}

function expectOutcome(outcome: Outcome, { status, body }: { status: number; body: string }) {
  const message = `status ${status}: ${body.slice(0, 300)}`;
  if (outcome === 'login') expect(status, message).toBe(401);
  else if (outcome === 'deny') expect(status, message).toBe(403);
  else if (outcome === 'hidden') expect(status, message).toBe(404);
  else {
    expect([401, 403, 404], message).not.toContain(status);
    expect(status, message).toBeLessThan(500);
  }
}

describe('the access matrix', () => {
  it('has an entry for every registered route, and every entry names a registered route', () => {
    const keys = new Set(registered.map((route) => route.key));
    expect(
      [...keys].filter((key) => !(key in ACCESS_MATRIX)),
      'routes without an entry',
    ).toEqual([]);
    expect(
      Object.keys(ACCESS_MATRIX).filter((key) => !keys.has(key)),
      'entries without a route',
    ).toEqual([]);
  });

  it('names the flags each route declares, and an outcome for objects of another organisation', () => {
    for (const route of registered) {
      const entry = ACCESS_MATRIX[route.key];
      if (!entry) continue;
      expect([...entry.flags].sort(), route.key).toEqual(requiredFlags(route.access).sort());
      if (objectParams(route).length > 0) expect(entry.crossTenantObject, route.key).toBeDefined();
    }
  });
});

describe.each(registered.filter((route) => route.key in ACCESS_MATRIX))('$method $url', (route) => {
  const entry = ACCESS_MATRIX[route.key] as MatrixEntry;
  it.each(callersOf(route, entry))('as $label: $outcome', async (caller) => {
    expectOutcome(caller.outcome, await send(route, entry, caller));
  });
});
