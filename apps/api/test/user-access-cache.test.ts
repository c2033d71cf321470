import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { readListVersion } from '../src/db/versioned-cache';
import { DEMO_PAYMENT_CODES } from '../src/db/demo/payment-codes';
import { buildTestApp, testConfig, type TestApp } from './helpers';
import { addGrant, seedDemo, sessionsFor, userIdOf, type DemoIds } from './identity';

// Each API process keeps what the profile query gave for a user, and its merchant access checks, while the
// `user_access` version stands (profile.service.ts, findMerchantAccess, db/versioned-cache.ts). Every test reads
// through both processes first, so each has it cached, then changes what it depends on straight in the database, and
// expects the very next request on either to follow.

let t: TestApp;
let second: FastifyInstance;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  // A second API process on the same database.
  second = await buildApp({ config: testConfig(), database: t.database, logger: false, webDistDir: '/nonexistent' });
  await second.ready();
  as = sessionsFor(t.app);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

type ProfileMerchant = { id: string; name: string; upc: string | null; role: string; access_roles: string[] };
type Profile = { organization: { name: string } | null; merchants: ProfileMerchant[] };

/** The profile of `email` from each process, read twice so that the second read is the cached one. */
async function profileOf(email: string): Promise<Profile> {
  const profiles: Profile[] = [];
  for (const app of [t.app, second]) {
    for (let read = 0; read < 2; read += 1) {
      const response = await app.inject({ method: 'GET', url: '/api/profile/', headers: await as(email) });
      expect(response.statusCode).toBe(200);
      profiles.push(response.json().results[0]);
    }
  }
  for (const profile of profiles.slice(1)) expect(profile).toEqual(profiles[0]);
  return profiles[0] as Profile;
}

const merchantOf = (profile: Profile, id: string) => profile.merchants.find((merchant) => merchant.id === id);

describe('the cached profile', () => {
  it('shows a grant added, a merchant renamed and given a payment code, and an organisation renamed', async () => {
    const staffId = await userIdOf(t.database.db, 'staff@demo.test');
    expect((await profileOf('staff@demo.test')).merchants.map((merchant) => merchant.name)).toEqual(['Demo Motors']);

    await addGrant(t.database.db, staffId, ids.integratedAuto, 'admin');
    expect(merchantOf(await profileOf('staff@demo.test'), ids.integratedAuto)).toMatchObject({ role: 'admin' });

    await t.database.query(`update merchants set name = 'Profile Auto' where id = $1`, [ids.integratedAuto]);
    await t.database.query(
      `update payment_codes set merchant_id = $1, assigned_at = now() where code = $2 and assigned_at is null`,
      [ids.integratedAuto, DEMO_PAYMENT_CODES[3]],
    );
    expect(merchantOf(await profileOf('staff@demo.test'), ids.integratedAuto)).toMatchObject({
      name: 'Profile Auto',
      upc: DEMO_PAYMENT_CODES[3],
    });

    await t.database.query(
      `update organizations set name = 'Profile Group' where id = (
      select organization_id from users where id = $1)`,
      [staffId],
    );
    expect((await profileOf('staff@demo.test')).organization?.name).toBe('Profile Group');
  });

  it('shows a custom role’s permissions changed, as access roles', async () => {
    const before = merchantOf(await profileOf('agent@demo.test'), ids.customRolesAuto);
    expect(before?.access_roles).not.toContain('is_user_update_allowed');
    await t.database.query(
      `update custom_roles set permissions = array_append(permissions, 'is_user_update_allowed')
        where merchant_id = $1`,
      [ids.customRolesAuto],
    );
    const after = merchantOf(await profileOf('agent@demo.test'), ids.customRolesAuto);
    expect(after?.access_roles).toContain('is_user_update_allowed');
  });
});

describe('the cached merchant access check', () => {
  it('follows a grant given and taken away in the database on both processes', async () => {
    const staffId = await userIdOf(t.database.db, 'staff@demo.test');
    const statusesOf = async () => {
      const statuses: number[] = [];
      for (const app of [t.app, second]) {
        for (let read = 0; read < 2; read += 1) {
          const response = await app.inject({
            method: 'GET',
            url: `/api/merchants/${ids.legacyMotors}/`,
            headers: await as('staff@demo.test'),
          });
          statuses.push(response.statusCode);
        }
      }
      return statuses;
    };
    expect(await statusesOf()).toEqual([404, 404, 404, 404]);
    await addGrant(t.database.db, staffId, ids.legacyMotors, 'staff');
    expect(await statusesOf()).toEqual([200, 200, 200, 200]);
    await t.database.query(`delete from role_grants where user_id = $1 and merchant_id = $2`, [
      staffId,
      ids.legacyMotors,
    ]);
    expect(await statusesOf()).toEqual([404, 404, 404, 404]);
  });
});

describe('the user_access version', () => {
  it.each(['users', 'organizations', 'role_grants', 'merchants', 'payment_codes', 'custom_roles'])(
    'changes with every statement on %s, in its transaction, to a value never used before',
    async (table) => {
      const seen = new Set([await readListVersion(t.database.db, 'user_access')]);
      for (const statement of [`update ${table} set id = id where false`, `delete from ${table} where false`]) {
        await t.database.query(statement);
        const version = await readListVersion(t.database.db, 'user_access');
        expect(seen.has(version)).toBe(false);
        seen.add(version);
      }
    },
  );
});

describe('the version rows', () => {
  it('are taken in one order, so a user-then-grant write and a merchant write at once do not deadlock', async () => {
    const [first, other] = [t.database.url, t.database.url].map((url) => new pg.Client({ connectionString: url }));
    await Promise.all([first!.connect(), other!.connect()]);
    try {
      const staffId = await userIdOf(t.database.db, 'staff@demo.test');
      const [{ pid }] = (await other!.query('select pg_backend_pid() as pid')).rows;
      await first!.query('begin');
      await first!.query('update users set first_name = first_name where id = $1', [staffId]);
      await other!.query('begin');
      const merchantWrite = other!.query('update merchants set name = name where id = $1', [ids.demoMotors]);
      // The merchant write waits for the user_access row before it takes the merchants list's one.
      await vi.waitFor(
        async () => {
          const [row] = await t.database.query('select wait_event_type from pg_stat_activity where pid = $1', [pid]);
          expect(row?.wait_event_type).toBe('Lock');
        },
        { timeout: 10_000, interval: 20 },
      );
      // An invite's second statement: role_grants bumps both versions.
      await first!.query('update role_grants set role = role where user_id = $1', [staffId]);
      await first!.query('commit');
      await merchantWrite;
      await other!.query('commit');
    } finally {
      await Promise.all([first!.end(), other!.end()]);
    }
  });
});
