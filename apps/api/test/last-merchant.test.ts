import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { roleGrants } from '../src/db/schema/identity';
import { createUser } from './factories';
import { buildTestApp } from './helpers';
import { addGrant, bearer, seedDemo, sessionsFor, signIn } from './identity';

// The merchant a user used last, remembered on the server: every session starts on it (issue 16, item 23).
const t = await buildTestApp();
afterAll(() => t.close());
const db = t.database.db;
const ids = await seedDemo(db);
const sessionOf = sessionsFor(t.app);

const URL = '/api/profile/last_merchant/';

async function profileOf(headers: Record<string, string>) {
  const response = await t.app.inject({ method: 'GET', url: '/api/profile/', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results[0] as { last_merchant_id: string | null; merchants: Array<{ id: string }> };
}

const remember = async (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: URL, headers, payload: payload as object });

describe('the last merchant used', () => {
  it('is remembered for the user and given back with the profile of every later sign-in', async () => {
    const user = await createUser(db, ids.demoMotors, { role: 'admin' });
    await addGrant(db, user.id, ids.customRolesAuto, 'admin');
    const first = await sessionOf(user.email);
    expect((await profileOf(first)).last_merchant_id).toBeNull();

    const saved = await remember(first, { merchant_id: ids.customRolesAuto });
    expect(saved.statusCode, saved.body).toBe(204);
    // Another sign-in (a new session) is told where the last one ended.
    const later = bearer((await signIn(t.app, user.email)).access);
    expect((await profileOf(later)).last_merchant_id).toBe(ids.customRolesAuto);

    expect((await remember(first, { merchant_id: ids.demoMotors })).statusCode).toBe(204);
    expect((await profileOf(first)).last_merchant_id).toBe(ids.demoMotors);
  });

  it('answers field errors for a missing or malformed merchant id', async () => {
    const headers = await sessionOf('staff@demo.test');
    const missing = await remember(headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ merchant_id: ['Required'] });
    expect((await remember(headers, { merchant_id: 'demo-motors' })).statusCode).toBe(400);
  });

  it('is only a merchant the user may act for: another organisation’s is not found, and nothing changes', async () => {
    const headers = await sessionOf('staff@demo.test');
    expect((await remember(headers, { merchant_id: ids.demoMotors })).statusCode).toBe(204);
    expect((await remember(headers, { merchant_id: ids.legacyMotors })).statusCode).toBe(404);
    // A merchant of the same organisation the user has no role at is not theirs either.
    expect((await remember(headers, { merchant_id: ids.customRolesAuto })).statusCode).toBe(404);
    expect((await profileOf(headers)).last_merchant_id).toBe(ids.demoMotors);
    expect((await remember({}, { merchant_id: ids.demoMotors })).statusCode).toBe(401);
  });

  it('is forgotten once the user can no longer act for that merchant', async () => {
    const user = await createUser(db, ids.demoMotors, { role: 'staff' });
    await addGrant(db, user.id, ids.customRolesAuto, 'staff');
    const headers = await sessionOf(user.email);
    expect((await remember(headers, { merchant_id: ids.customRolesAuto })).statusCode).toBe(204);
    await db
      .delete(roleGrants)
      .where(and(eq(roleGrants.user_id, user.id), eq(roleGrants.merchant_id, ids.customRolesAuto)));
    const profile = await profileOf(headers);
    expect(profile.merchants.map((merchant) => merchant.id)).toEqual([ids.demoMotors]);
    expect(profile.last_merchant_id).toBeNull();
  });
});
