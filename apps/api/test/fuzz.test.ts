// Malformed bodies, queries and path parameters for every route that declares a schema, sent as a super user and
// as an admin: never a 5xx, always the documented error shape, and no row changed by a refused request.
// Failures print fast-check's seed and path; FUZZ_SEED picks another seed, FUZZ_RUNS more runs per property.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { users } from '../src/db/schema/identity';
import { hashPassword } from '../src/lib/passwords';
import { createCustomRole, createUser, recordRoutes, type RecordedRoute } from './factories';
import { buildTestApp } from './helpers';
import { DEMO_PASSWORD, bearer, seedDemo, sessionsFor } from './identity';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const LONG_TEXT = 'x'.repeat(10_000);
// Left out of the row check: failed sign-ins are recorded on purpose, and the local outbox is the email provider's
// side, filled by background jobs of requests accepted earlier. pg-boss keeps its own schema.
const UNCHECKED_TABLES = new Set(['sign_in_failures', 'outbox_messages']);

const recorder = recordRoutes();
const t = await buildTestApp({ onRoute: recorder.onRoute });
afterAll(() => t.close());
const db = t.database.db;
const ids = await seedDemo(db);
const sessionOf = sessionsFor(t.app);
/**
 * The callers' sessions, signed in again every few minutes: the whole file runs longer than an access token lives
 * (ACCESS_TOKEN_LIFETIME_SECONDS), and a case must fail for its input, never for an expired token.
 */
const SESSION_RENEWAL_MS = 4 * 60 * 1000;
type Caller = { email: string; headers: Record<string, string>; signedInAt: number };
const callers: Record<'superUser' | 'admin', Caller> = {
  superUser: { email: 'super@demo.test', headers: await sessionOf('super@demo.test'), signedInAt: Date.now() },
  admin: { email: 'admin@demo.test', headers: await sessionOf('admin@demo.test'), signedInAt: Date.now() },
};
async function headersOf(caller: Caller): Promise<Record<string, string>> {
  if (Date.now() - caller.signedInAt > SESSION_RENEWAL_MS) {
    caller.signedInAt = Date.now();
    const signIn = () =>
      t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: caller.email, password: DEMO_PASSWORD } });
    let response = await signIn();
    if (response.statusCode !== 200) {
      // A case changed the caller's password (a fuzzed password change, say): put the demo password back, or the
      // session would expire mid-run and later routes would fail for that, not for their input.
      await db
        .update(users)
        .set({ password_hash: await hashPassword(DEMO_PASSWORD) })
        .where(eq(users.email, caller.email));
      response = await signIn();
    }
    if (response.statusCode !== 200) throw new Error(`${caller.email} could not sign in again: ${response.body}`);
    caller.headers = bearer((response.json() as { access: string }).access);
  }
  return caller.headers;
}
// Real objects for the path parameters a case does not garble; throwaway, since a valid request may change them.
const realParams: Record<string, string> = {
  rid: await createCustomRole(db, ids.customRolesAuto, []),
  userId: (await createUser(db, ids.customRolesAuto, { role: 'staff' })).id,
  token: 'not-a-token',
  bin: '424242',
  '*': 'index.css',
};

const tables = (
  await t.database.query(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )
)
  .map((row) => String(row.table_name))
  .filter((name) => !UNCHECKED_TABLES.has(name) && !name.startsWith('__drizzle'))
  .sort();
const SNAPSHOT_SQL = tables
  .map(
    (name) =>
      `select '${name}' as name, count(*)::int as rows, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from "${name}" t`,
  )
  .join(' union all ');

type Snapshot = Map<string, string>;

/** Row counts and a digest of every application table's contents, by table. */
async function snapshotTables(): Promise<Snapshot> {
  const rows = await t.database.query(SNAPSHOT_SQL);
  return new Map(rows.map((row) => [String(row.name), `${String(row.rows)} rows, ${String(row.digest)}`]));
}

function changedTables(before: Snapshot, after: Snapshot): string[] {
  return [...after].filter(([name, state]) => before.get(name) !== state).map(([name]) => name);
}

type Schemas = { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
type FuzzRoute = { method: string; url: string; merchantParam?: string; schemas: Schemas; idempotent: boolean };

const fuzzRoutes: FuzzRoute[] = recorder.routes
  .flatMap(({ methods, url, options }: RecordedRoute) =>
    methods
      .filter((method) => method !== 'HEAD')
      .map((method) => {
        const access = options.config?.access;
        return {
          method,
          url,
          merchantParam: access?.kind === 'merchant' ? access.param : undefined,
          schemas: (options.schema ?? {}) as Schemas,
          // An idempotent route needs its key before anything else is checked (decision 0020): cases carry one.
          idempotent: Boolean(
            (options.config as { endpoint?: { idempotent?: boolean } } | undefined)?.endpoint?.idempotent,
          ),
          websocket: Boolean(options.websocket),
        };
      }),
  )
  .filter(({ url, websocket }) => url.startsWith('/api') && !websocket)
  .filter(({ schemas }) => schemas.body || schemas.querystring || schemas.params);

// ---------------------------------------------------------------------------------------------------------------
// Generators

type ZodDef = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  entries?: Record<string, string>;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** The definition under optional/nullable/default/pipe wrappers. */
function innerDefOf(schema: z.ZodType): ZodDef {
  const def = defOf(schema);
  const inner = def.innerType ?? def.in;
  return inner ? innerDefOf(inner) : def;
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  return innerDefOf(schema).shape ?? null;
}

const awkwardValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    [],
    {},
    '',
    ' ',
    'NaN',
    'Infinity',
    '1e309',
    '-1',
    '0x1F',
    2_147_483_648,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER + 2,
    1e20,
    -1,
    0.5,
    'a\u0000b',
    '\u0000',
    LONG_TEXT,
    '00000000-0000-0000-0000-00000000000g',
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ maxLength: 10 }).map((text) => `${text}\u0000`),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
);

/** A valid-looking value for a field (by its type and, for text, its name), or null to leave the field out. */
function plausibleValueOf(key: string, schema: z.ZodType): fc.Arbitrary<unknown> | null {
  const def = innerDefOf(schema);
  if (def.shape) return plausibleObject(def.shape);
  switch (def.type) {
    case 'number':
      return fc.integer({ min: 0, max: 100_000 });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'string':
      if (/email/.test(key)) return fc.constantFrom('someone@example.test', 'admin@demo.test');
      if (/password/.test(key)) return fc.constant('Paydesk!2026');
      if (/logo|url/.test(key)) return fc.constant('https://example.com/logo.png');
      return fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,15}$/);
    default:
      return null;
  }
}

function plausibleObject(shape: Record<string, z.ZodType>): fc.Arbitrary<Record<string, unknown>> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const value = plausibleValueOf(key, schema);
    if (value) fields[key] = value;
  }
  return fc.record(fields);
}

/** Paths to every field, nested ones included. */
function fieldPaths(shape: Record<string, z.ZodType>, prefix: string[] = []): string[][] {
  return Object.entries(shape).flatMap(([key, schema]) => {
    const nested = shapeOf(schema);
    const path = [...prefix, key];
    return nested ? [path, ...fieldPaths(nested, path)] : [path];
  });
}

/** Wrong values of the field's own type: out of an integer column's range, fractional, NUL, very long. */
const typedEdgeValue = fc.constantFrom(
  2_147_483_648,
  -2_147_483_649,
  1e20,
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  0.5,
  'a\u0000b',
  LONG_TEXT,
);

type Mutation = { path: string[]; remove: boolean; value: unknown };

function applyMutations(base: Record<string, unknown>, mutations: Mutation[]): Record<string, unknown> {
  const result = structuredClone(base);
  for (const { path, remove, value } of mutations) {
    let target: Record<string, unknown> = result;
    for (const key of path.slice(0, -1)) {
      const next = target[key];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) target[key] = {};
      target = target[key] as Record<string, unknown>;
    }
    const last = path.at(-1) ?? '';
    if (remove) delete target[last];
    else target[last] = value;
  }
  return result;
}

/** A valid-looking object with one or two fields garbled, removed or added. */
function garbledObject(shape: Record<string, z.ZodType>): fc.Arbitrary<Record<string, unknown>> {
  const paths = [...fieldPaths(shape), ['unknown_field']];
  const mutation = fc.record({
    path: fc.constantFrom(...paths),
    remove: fc.integer({ min: 1, max: 5 }).map((roll) => roll === 1),
    value: fc.oneof({ arbitrary: typedEdgeValue, weight: 3 }, { arbitrary: awkwardValue, weight: 1 }),
  });
  return fc
    .tuple(plausibleObject(shape), fc.array(mutation, { minLength: 1, maxLength: 2 }))
    .map(([base, mutations]) => applyMutations(base, mutations));
}

/**
 * A valid-looking body (numbers left out, so bounds between them cannot hide a value) with one field set to a value
 * of its type that its column cannot hold or that is at the edge: each number too large, each text with NUL or 10k
 * characters long.
 */
function edgeBodies(schema: z.ZodType): string[] {
  const shape = shapeOf(schema);
  if (!shape) return [];
  const [base = {}] = fc.sample(plausibleObject(shape), { seed: SEED, numRuns: 1 });
  const withoutNumbers = applyMutations(
    base,
    fieldPaths(shape)
      .filter((path) => leafTypeAt(shape, path) === 'number')
      .map((path) => ({ path, remove: true, value: undefined })),
  );
  return fieldPaths(shape).flatMap((path) => {
    const type = leafTypeAt(shape, path);
    const values =
      type === 'number' ? [2_147_483_648, 1e20, -1, 0.5] : type === 'string' ? ['a\u0000b', LONG_TEXT] : [];
    return values.map((value) => JSON.stringify(applyMutations(withoutNumbers, [{ path, remove: false, value }])));
  });
}

const OUT_OF_RANGE_DATES = ['0000-01-01', '1899-12-31', '2101-01-01'];

/**
 * For each date field (a text field named for a date), a valid-looking body with it set to a real day outside
 * 1900-2100, and the field's key as field errors name it.
 */
function outOfRangeDateBodies(schema: z.ZodType): { field: string; body: string }[] {
  const shape = shapeOf(schema);
  if (!shape) return [];
  const [base = {}] = fc.sample(plausibleObject(shape), { seed: SEED, numRuns: 1 });
  return (
    fieldPaths(shape)
      // An import's mapping names columns for the date fields; its values are column names, not dates.
      .filter((path) => path[0] !== 'mapping' && /date|birth/.test(path.at(-1) ?? ''))
      .filter((path) => leafTypeAt(shape, path) === 'string')
      .flatMap((path) =>
        OUT_OF_RANGE_DATES.map((value) => ({
          field: path.join('.'),
          body: JSON.stringify(applyMutations(base, [{ path, remove: false, value }])),
        })),
      )
  );
}

function leafTypeAt(shape: Record<string, z.ZodType>, path: string[]): string {
  let current: Record<string, z.ZodType> | null = shape;
  let def: ZodDef | null = null;
  for (const key of path) {
    const schema: z.ZodType | undefined = current?.[key];
    if (!schema) return 'unknown';
    def = innerDefOf(schema);
    current = def.shape ?? null;
  }
  return def?.type ?? 'unknown';
}

/** Raw JSON text, or undefined for an empty body. */
function bodies(schema: z.ZodType): fc.Arbitrary<string | undefined> {
  const shape = shapeOf(schema);
  const garbled = (shape ? garbledObject(shape) : awkwardValue).map((value) => JSON.stringify(value));
  return fc.oneof(
    { arbitrary: fc.constantFrom(undefined, '{}', '[]', 'null', '""', '0', '{"a":', 'not json'), weight: 1 },
    { arbitrary: garbled, weight: 3 },
  );
}

/** Arrays and objects nested past the 32 levels a body may have, small enough to pass the body size limit. */
const DEEP_BODIES = [
  `${'['.repeat(2000)}${']'.repeat(2000)}`,
  `${'{"a":'.repeat(33)}1${'}'.repeat(33)}`,
  JSON.stringify({ unknown_field: JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) as unknown }),
];

const ODD_QUERIES = [
  'page=-1',
  'page=0',
  'page=1.5',
  'page=1e9',
  'page=99999999999999999999',
  'page_size=1e9',
  'page_size=0',
  'page=1&page=2',
  'page_size=10&page_size=abc',
  'page=NaN&page_size=Infinity',
  'search=%00',
  `search=${LONG_TEXT}`,
  'search=%25%5F%5C',
  'search[]=a&search[]=b',
  '%00=1',
];

function queries(schema: z.ZodType): fc.Arbitrary<string> {
  const keys = [...Object.keys(shapeOf(schema) ?? {}), 'unknown'];
  const value = fc.oneof(
    fc.constantFrom('-1', '0', '1e9', '1.5', 'abc', '', '\u0000', 'a\u0000', LONG_TEXT, '9999999999999999999999'),
    fc.string({ maxLength: 10 }),
  );
  const pair = fc.tuple(fc.constantFrom(...keys), value);
  return fc
    .array(pair, { minLength: 1, maxLength: 5 })
    .map((pairs) => pairs.map(([key, text]) => `${key}=${encodeURIComponent(text)}`).join('&'));
}

const garbledId = fc.oneof(
  fc.constantFrom(
    'not-a-uuid',
    '1',
    "'; drop table users; --",
    '\u0000',
    `${randomUUID()}x`,
    '00000000-0000-0000-0000-00000000000g',
    ' ',
    'null',
    LONG_TEXT,
  ),
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.uuid(),
);

/** One parameter garbled, the others real. */
function paramSets(route: FuzzRoute): fc.Arbitrary<Record<string, string>> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  return fc.tuple(fc.constantFrom(...names), garbledId).map(([garbled, text]) => ({
    ...Object.fromEntries(names.map((name) => [name, realValueOf(route, name)])),
    [garbled]: text,
  }));
}

function realValueOf(route: FuzzRoute, name: string): string {
  if (name === route.merchantParam) return ids.customRolesAuto;
  return realParams[name] ?? randomUUID();
}

const realParamsOf = (route: FuzzRoute) =>
  Object.fromEntries([...route.url.matchAll(/:(\w+)/g)].map(([, name = '']) => [name, realValueOf(route, name)]));

// ---------------------------------------------------------------------------------------------------------------
// Sending and checking

type Case = { params: Record<string, string>; query?: string; body?: string };

function pathOf(route: FuzzRoute, params: Record<string, string>): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

function isFieldErrors(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const values = Object.values(body);
  return (
    values.length > 0 &&
    values.every((messages) => Array.isArray(messages) && messages.every((text) => typeof text === 'string'))
  );
}

function isDetail(body: unknown): boolean {
  const record = body as { detail?: unknown; code?: unknown } | null;
  return typeof record?.detail === 'string' && typeof record.code === 'string';
}

/** The tables as the last refused request left them; null after an accepted one (it may change rows). */
let lastSnapshot: Snapshot | null = null;

async function sendCase(route: FuzzRoute, caller: Caller, fuzzCase: Case) {
  const sessionBefore = caller.signedInAt;
  const signedIn = await headersOf(caller);
  // Signing in again writes rows (refresh token, last login), so the last refused request's snapshot is stale then.
  if (caller.signedInAt !== sessionBefore) lastSnapshot = null;
  const headers = route.idempotent ? { ...signedIn, 'idempotency-key': randomUUID() } : signedIn;
  const before = lastSnapshot ?? (await snapshotTables());
  lastSnapshot = null;
  const path = pathOf(route, fuzzCase.params);
  const response = await t.app.inject({
    method: route.method as 'GET',
    url: fuzzCase.query === undefined ? path : `${path}?${fuzzCase.query}`,
    headers: fuzzCase.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    payload: fuzzCase.body,
  });
  const context = `${route.method} ${path} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  if (response.statusCode < 400) return response;
  let body: unknown;
  expect(() => (body = response.json()), context).not.toThrow();
  if (response.statusCode === 400) expect(isFieldErrors(body) || isDetail(body), context).toBe(true);
  else expect(isDetail(body), context).toBe(true);
  const after = await snapshotTables();
  expect(changedTables(before, after), `${context}: a refused request changed rows`).toEqual([]);
  lastSnapshot = after;
  return response;
}

async function check(property: fc.IAsyncProperty<[Case]>) {
  await fc.assert(property, { seed: SEED, numRuns: NUM_RUNS, endOnFailure: true });
}

describe.each(fuzzRoutes)('$method $url', (route) => {
  describe.each(Object.keys(callers) as (keyof typeof callers)[])('as %s', (caller) => {
    const session = callers[caller];
    const { body, querystring, params } = route.schemas;

    if (body) {
      it('survives malformed bodies', () =>
        check(
          fc.asyncProperty(
            bodies(body).map((text) => ({ params: realParamsOf(route), body: text })),
            async (fuzzCase) => {
              await sendCase(route, session, fuzzCase);
            },
          ),
        ));
    }
    if (body) {
      it('refuses values its columns cannot hold, field by field', async () => {
        for (const text of edgeBodies(body))
          await sendCase(route, session, { params: realParamsOf(route), body: text });
      });
    }
    if (body) {
      it('refuses deeply nested bodies with body_too_deep', async () => {
        for (const text of DEEP_BODIES) {
          const response = await sendCase(route, session, { params: realParamsOf(route), body: text });
          // A caller who may not use the route is refused that first.
          expect(['body_too_deep', 'permission_denied'], `${route.method} ${route.url}`).toContain(
            (response.json() as { code?: string }).code,
          );
        }
      });
    }
    if (body && outOfRangeDateBodies(body).length > 0) {
      it('refuses dates outside 1900-2100 with a message on the field', async () => {
        for (const { field, body: text } of outOfRangeDateBodies(body)) {
          const response = await sendCase(route, session, { params: realParamsOf(route), body: text });
          const context = `${route.method} ${route.url} ${text}`;
          expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
          if (response.statusCode === 400) expect(Object.keys(response.json() as object), context).toContain(field);
        }
      });
    }
    if (querystring) {
      it('refuses odd query strings', async () => {
        for (const query of ODD_QUERIES) await sendCase(route, session, { params: realParamsOf(route), query });
      });
      it('survives malformed queries', () =>
        check(
          fc.asyncProperty(
            queries(querystring).map((query) => ({ params: realParamsOf(route), query })),
            async (fuzzCase) => {
              await sendCase(route, session, fuzzCase);
            },
          ),
        ));
    }
    if (params) {
      it('survives malformed path parameters', () =>
        check(
          fc.asyncProperty(
            paramSets(route).map((values) => ({ params: values, body: route.schemas.body ? '{}' : undefined })),
            async (fuzzCase) => {
              await sendCase(route, session, fuzzCase);
            },
          ),
        ));
    }
  });
});
