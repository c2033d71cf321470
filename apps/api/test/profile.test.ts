import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from './factories';
import { buildTestApp } from './helpers';
import { bearer, DEMO_PASSWORD, seedDemo, signIn } from './identity';

// "My profile": the signed-in user changes their own name and password (issue 16, item 23).
const t = await buildTestApp();
afterAll(() => t.close());
const db = t.database.db;
const ids = await seedDemo(db);

const NEW_PASSWORD = 'Fresh!Pass2026';

const patchName = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/profile/', headers, payload: payload as object });
const changePassword = (headers: Record<string, string>, payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/profile/password/', headers, payload: payload as object, remoteAddress });
const profileStatus = async (access: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(access) })).statusCode;
const refreshStatus = async (refresh: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } })).statusCode;

async function activityOf(merchantId: string, userId: string) {
  return t.database.query(
    `select action, before, after from audit_events where merchant_id = $1 and subject_id = $2 order by created`,
    [merchantId, userId],
  );
}

describe('PATCH /api/profile/', () => {
  it('renames the signed-in user, answers the profile and records it in the activity log', async () => {
    const user = await createUser(db, ids.demoMotors, { role: 'staff' });
    const headers = bearer((await signIn(t.app, user.email)).access);
    const renamed = await patchName(headers, { first_name: '  Ada ', last_name: 'Lovelace' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: user.id, email: user.email, first_name: 'Ada', last_name: 'Lovelace' });
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile/', headers });
    expect(profile.json().results[0]).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    expect(await activityOf(ids.demoMotors, user.id)).toEqual([
      {
        action: 'updated',
        before: { first_name: 'Fresh', last_name: 'User' },
        after: { first_name: 'Ada', last_name: 'Lovelace' },
      },
    ]);
  });

  it('answers field errors for blank names and changes nothing', async () => {
    const user = await createUser(db, ids.demoMotors, { role: 'staff' });
    const headers = bearer((await signIn(t.app, user.email)).access);
    const blank = await patchName(headers, { first_name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ first_name: ['Required'], last_name: ['Required'] });
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile/', headers });
    expect(profile.json().results[0]).toMatchObject({ first_name: 'Fresh', last_name: 'User' });
  });

  it('is for signed-in users only', async () => {
    expect((await patchName({}, { first_name: 'A', last_name: 'B' })).statusCode).toBe(401);
  });
});

describe('POST /api/profile/password/', () => {
  it('changes the password: this sign-in goes on, the others end, the old password no longer works', async () => {
    const user = await createUser(db, ids.demoMotors, { role: 'admin' });
    const current = await signIn(t.app, user.email);
    const other = await signIn(t.app, user.email);
    const changed = await changePassword(bearer(current.access), {
      current_password: DEMO_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(204);

    expect(await profileStatus(current.access)).toBe(200);
    expect(await refreshStatus(current.refresh)).toBe(200);
    expect(await profileStatus(other.access)).toBe(401);
    expect(await refreshStatus(other.refresh)).toBe(401);

    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: user.email, password: DEMO_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(400);
    await signIn(t.app, user.email, NEW_PASSWORD);
    const [entry] = await activityOf(ids.demoMotors, user.id);
    expect(entry).toEqual({ action: 'updated', before: { password: '••••' }, after: { password: '••••' } });
  });

  it('refuses a wrong current password with a field error, and counts it like a failed sign-in', async () => {
    const user = await createUser(db, ids.demoMotors, { role: 'staff' });
    const headers = bearer((await signIn(t.app, user.email)).access);
    const ip = '192.0.2.140';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await changePassword(headers, { current_password: 'Wrong!2026', new_password: NEW_PASSWORD }, ip);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ current_password: ['Your current password is not correct.'] });
    }
    // The sixth guess from that address waits, even with the right password; signing in from it waits too.
    const throttled = await changePassword(
      headers,
      { current_password: DEMO_PASSWORD, new_password: NEW_PASSWORD },
      ip,
    );
    expect(throttled.statusCode).toBe(429);
    const signInThere = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: user.email, password: DEMO_PASSWORD },
      remoteAddress: ip,
    });
    expect(signInThere.statusCode).toBe(429);
    // The password did not change.
    await signIn(t.app, user.email);
  });

  it('applies the password rules of a reset to the new password', async () => {
    const user = await createUser(db, ids.demoMotors, { role: 'staff' });
    const headers = bearer((await signIn(t.app, user.email)).access);
    const weak = await changePassword(headers, { current_password: DEMO_PASSWORD, new_password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json())).toEqual(['new_password']);
    const missing = await changePassword(headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ current_password: ['Required'] });
    await signIn(t.app, user.email);
  });

  it('is for signed-in users only', async () => {
    const response = await changePassword({}, { current_password: DEMO_PASSWORD, new_password: NEW_PASSWORD });
    expect(response.statusCode).toBe(401);
  });
});
