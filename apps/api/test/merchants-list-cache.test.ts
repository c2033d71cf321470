import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { readListVersion } from '../src/db/versioned-cache';
import { DEMO_PAYMENT_CODES } from '../src/db/demo/payment-codes';
import { buildTestApp, testConfig, type TestApp } from './helpers';
import { addGrant, seedDemo, sessionsFor, userIdOf, type DemoIds } from './identity';

// Each API process keeps the merchants pages it wrote while the list's version stands (db/versioned-cache.ts).
// Every test reads the list on both processes first, so each has the page cached, then changes what the list shows
// through one of them or straight in the database, and expects the very next read on either to show the change.

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

type MerchantJson = { id: string; name: string; organization_name: string; upc: string | null };
type Page = { count: number; results: MerchantJson[] };

/** The list as `email` sees it from each process, read twice so that the second read is the cached one. */
async function listsOf(email: string, query = ''): Promise<Page[]> {
  const pages: Page[] = [];
  for (const app of [t.app, second]) {
    for (let read = 0; read < 2; read += 1) {
      const response = await app.inject({ method: 'GET', url: `/api/merchants/${query}`, headers: await as(email) });
      expect(response.statusCode).toBe(200);
      pages.push(response.json());
    }
  }
  // Both processes, both reads: the same page.
  for (const page of pages.slice(1)) expect(page).toEqual(pages[0]);
  return pages;
}

const namesOf = async (email: string, query = '') =>
  (await listsOf(email, query))[0]?.results.map((merchant) => merchant.name);

describe('the cached merchants list', () => {
  it('shows a merchant created, changed and removed through either process on the next read of both', async () => {
    expect(await namesOf('super@demo.test')).not.toContain('Cache Cars');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/merchants/',
      headers: await as('super@demo.test'),
      payload: { name: 'Cache Cars', organization_name: 'Cache Group', upc: DEMO_PAYMENT_CODES[1] },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const afterCreate = (await listsOf('super@demo.test'))[0];
    expect(afterCreate?.results.find((merchant) => merchant.id === id)).toMatchObject({
      name: 'Cache Cars',
      organization_name: 'Cache Group',
      upc: DEMO_PAYMENT_CODES[1],
    });

    const renamed = await second.inject({
      method: 'PATCH',
      url: `/api/merchants/${id}/`,
      headers: await as('super@demo.test'),
      payload: { name: 'Cache Cars Renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await namesOf('super@demo.test')).toContain('Cache Cars Renamed');
    expect(await namesOf('super@demo.test', '?search=cache')).toEqual(['Cache Cars Renamed']);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/merchants/${id}/`,
      headers: await as('super@demo.test'),
    });
    expect(removed.statusCode).toBe(204);
    expect(await namesOf('super@demo.test')).not.toContain('Cache Cars Renamed');
    expect(await namesOf('super@demo.test', '?search=cache')).toEqual([]);
  });

  it('follows a user’s role grants: one given in the database, one taken away by disabling the user there', async () => {
    const staffId = await userIdOf(t.database.db, 'staff@demo.test');
    expect(await namesOf('staff@demo.test')).toEqual(['Demo Motors']);

    await addGrant(t.database.db, staffId, ids.customRolesAuto, 'staff');
    expect(await namesOf('staff@demo.test')).toEqual(['Custom Roles Auto', 'Demo Motors']);

    const disabled = await second.inject({
      method: 'POST',
      url: `/api/merchants/${ids.customRolesAuto}/users/${staffId}/disable/`,
      headers: await as('admin@demo.test'),
    });
    expect(disabled.statusCode).toBe(200);
    expect(await namesOf('staff@demo.test')).toEqual(['Demo Motors']);
  });

  it('shows an organisation renamed and a payment code given by any statement, with no endpoint involved', async () => {
    const before = (await listsOf('admin@demo.test'))[0];
    const integrated = before?.results.find((merchant) => merchant.id === ids.integratedAuto);
    expect(integrated?.upc).toBeNull();

    await t.database.query(
      `update organizations set name = 'Renamed Auto Group'
        where id = (select organization_id from merchants where id = $1)`,
      [ids.integratedAuto],
    );
    await t.database.query(
      `update payment_codes set merchant_id = $1, assigned_at = now() where code = $2 and assigned_at is null`,
      [ids.integratedAuto, DEMO_PAYMENT_CODES[2]],
    );

    const after = (await listsOf('admin@demo.test'))[0];
    expect(after?.results.find((merchant) => merchant.id === ids.integratedAuto)).toMatchObject({
      organization_name: 'Renamed Auto Group',
      upc: DEMO_PAYMENT_CODES[2],
    });
  });

  it('gives every request that comes after a write the change, with many requests at once', async () => {
    await listsOf('admin@demo.test');
    const headers = await as('admin@demo.test');
    const read = () =>
      t.app.inject({ method: 'GET', url: '/api/merchants/', headers }).then((response) => response.json() as Page);
    const namesIn = (page: Page) => page.results.map((merchant) => merchant.name);
    for (const name of ['Concurrent Motors', 'Concurrent Motors Again']) {
      // Requests at once share version reads (the order they keep is unit-tested in versioned-cache.test.ts);
      // some of these may still be reading when the write commits...
      const before = Array.from({ length: 20 }, read);
      await t.database.query(`update merchants set name = $1 where id = $2`, [name, ids.demoMotors]);
      // ...and those that come after it all show it.
      const after = await Promise.all(Array.from({ length: 20 }, read));
      for (const page of after) expect(namesIn(page)).toContain(name);
      await Promise.all(before);
    }
    await t.database.query(`update merchants set name = 'Demo Motors' where id = $1`, [ids.demoMotors]);
  });

  it('keeps a page when a change is rolled back', async () => {
    const version = await readListVersion(t.database.db, 'merchants');
    await expect(
      t.database.transaction(async (tx) => {
        await tx.execute(`update merchants set name = 'Never Seen' where id = $1`, [ids.demoMotors]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readListVersion(t.database.db, 'merchants')).toBe(version);
    expect(await namesOf('admin@demo.test')).not.toContain('Never Seen');
  });
});

describe('the merchants list version', () => {
  it.each(['merchants', 'organizations', 'payment_codes', 'role_grants'])(
    'changes with every statement on %s, in its transaction, to a value never used before',
    async (table) => {
      const seen = new Set([await readListVersion(t.database.db, 'merchants')]);
      for (const statement of [`update ${table} set id = id where false`, `delete from ${table} where false`]) {
        await t.database.query(statement);
        const version = await readListVersion(t.database.db, 'merchants');
        expect(seen.has(version)).toBe(false);
        seen.add(version);
      }
    },
  );
});
