import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import { WebSocket } from 'ws';
import { z } from 'zod';
import { defineEvent } from '../src/lib/events';
import { pruneExpiredAuthRecords } from '../src/modules/auth/auth.service';
import { issueOneTimeToken } from '../src/modules/one-time-tokens/one-time-tokens.service';
import { buildTestApp, type TestApp } from './helpers';
import { addUser, bearer, DEMO_PASSWORD, seedDemo, signIn, userIdOf, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = address.replace(/^http/, 'ws');
});
afterAll(() => t.close());

let base = '';

/** Connects over a real socket and collects every frame. */
async function connect(path: string) {
  const frames: unknown[] = [];
  const socket = new WebSocket(`${base}${path}`);
  socket.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, frames };
}

async function requestTicket(access: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/ws-ticket/', headers: bearer(access) });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { ticket: string }).ticket;
}

const withTicket = (ticket: string) => `/ws/events/?ticket=${encodeURIComponent(ticket)}`;

/** A fresh staff user of Demo Motors, signed in: their id and access token. */
async function signInNewStaff() {
  const email = `live.${randomBytes(6).toString('hex')}@demo.test`;
  const id = await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
  const { access } = await signIn(t.app, email);
  return { id, access };
}

/** A fresh staff user of Demo Motors, signed in: their access and refresh tokens. */
async function signInNewStaffWithRefresh() {
  const email = `live.${randomBytes(6).toString('hex')}@demo.test`;
  await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
  return signIn(t.app, email);
}

async function logout(refresh: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/token/blacklist/',
    payload: { refresh_token: refresh },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function disable(userId: string) {
  const admin = await signIn(t.app, 'admin@demo.test');
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/merchants/${ids.demoMotors}/users/${userId}/disable/`,
    headers: bearer(admin.access),
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('POST /api/ws-ticket/', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/ws-ticket/' })).statusCode).toBe(401);
  });

  it('gives a random 32-byte ticket each time, stored only as its sha256 for that user, for 30 seconds', async () => {
    const staff = await signInNewStaff();
    const first = await requestTicket(staff.access);
    const second = await requestTicket(staff.access);
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(second).not.toBe(first);
    const rows = await t.database.query(
      `select token_hash, extract(epoch from expires_at - now()) as seconds from ws_tickets where user_id = $1`,
      [staff.id],
    );
    const hashes = rows.map((row) => row.token_hash);
    expect(hashes.sort()).toEqual(
      [first, second].map((ticket) => createHash('sha256').update(ticket).digest('hex')).sort(),
    );
    for (const row of rows) {
      expect(Number(row.seconds)).toBeGreaterThan(25);
      expect(Number(row.seconds)).toBeLessThanOrEqual(30);
    }
  });
});

describe('GET /ws/events/', () => {
  it('refuses a connection without a valid ticket', async () => {
    await expect(connect('/ws/events/')).rejects.toThrow(/401/);
    await expect(connect(withTicket('nope'))).rejects.toThrow(/401/);
    await expect(connect(withTicket(randomBytes(32).toString('base64url')))).rejects.toThrow(/401/);
  });

  it('no longer accepts the access token in the URL', async () => {
    const { access } = await signIn(t.app, 'staff@demo.test');
    await expect(connect(`/ws/events/?token=${access}`)).rejects.toThrow(/401/);
  });

  it('opens with a ticket once; a second use is refused', async () => {
    const staff = await signInNewStaff();
    const ticket = await requestTicket(staff.access);
    const { socket } = await connect(withTicket(ticket));
    socket.terminate();
    await expect(connect(withTicket(ticket))).rejects.toThrow(/401/);
  });

  it('refuses an expired ticket', async () => {
    const staff = await signInNewStaff();
    const ticket = await requestTicket(staff.access);
    await t.database.query(`update ws_tickets set expires_at = now() - interval '1 second' where user_id = $1`, [
      staff.id,
    ]);
    await expect(connect(withTicket(ticket))).rejects.toThrow(/401/);
  });

  it('refuses the ticket of a user disabled after it was issued', async () => {
    const staff = await signInNewStaff();
    const ticket = await requestTicket(staff.access);
    await disable(staff.id);
    await expect(connect(withTicket(ticket))).rejects.toThrow(/401/);
  });

  it("opens only the channel of the ticket's own user", async () => {
    const [one, other] = await Promise.all([signInNewStaff(), signInNewStaff()]);
    const { socket, frames } = await connect(withTicket(await requestTicket(one.access)));
    const watcher = await connect(withTicket(await requestTicket(other.access)));
    await disable(other.id);
    await vi.waitFor(() => expect(watcher.frames).toEqual([{ type: 'session.revoked' }]), { timeout: 5000 });
    expect(frames).toEqual([]);
    socket.terminate();
    watcher.socket.terminate();
  });

  it('tells a signed-in user their session was revoked when they are disabled, then closes the socket', async () => {
    const staff = await signInNewStaff();
    const { socket, frames } = await connect(withTicket(await requestTicket(staff.access)));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await disable(staff.id);
    await vi.waitFor(() => expect(frames).toEqual([{ type: 'session.revoked' }]), { timeout: 5000 });
    expect(await closed).toBe(4001);
  });

  it('closes the sockets of a sign-in when it logs out, and leaves the same user’s other sign-ins connected', async () => {
    const email = `live.${randomBytes(6).toString('hex')}@demo.test`;
    await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    const [leaving, staying] = [await signIn(t.app, email), await signIn(t.app, email)];
    const tabs = [
      await connect(withTicket(await requestTicket(leaving.access))),
      await connect(withTicket(await requestTicket(leaving.access))),
    ];
    const other = await connect(withTicket(await requestTicket(staying.access)));
    const closed = tabs.map(({ socket }) => new Promise<number>((resolve) => socket.once('close', resolve)));

    await logout(leaving.refresh);
    expect(await Promise.all(closed)).toEqual([4001, 4001]);
    for (const tab of tabs) expect(tab.frames).toEqual([{ type: 'session.revoked' }]);
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    expect(other.frames).toEqual([]);
    other.socket.terminate();
  });

  it('closes the sockets of a sign-in revoked because an old refresh token came back', async () => {
    const staff = await signInNewStaffWithRefresh();
    const { socket, frames } = await connect(withTicket(await requestTicket(staff.access)));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
    expect((await refresh(staff.refresh)).statusCode).toBe(200);
    // Long after its rotation, the old token is presented again: it may have been stolen.
    await t.database.query(`update refresh_tokens set used_at = used_at - interval '1 hour' where used_at is not null`);
    expect((await refresh(staff.refresh)).statusCode).toBe(401);
    expect(await closed).toBe(4001);
    expect(frames).toEqual([{ type: 'session.revoked' }]);
  });

  it('refuses a ticket minted before its sign-in logged out', async () => {
    const staff = await signInNewStaffWithRefresh();
    const ticket = await requestTicket(staff.access);
    await logout(staff.refresh);
    await expect(connect(withTicket(ticket))).rejects.toThrow(/401/);
  });

  it('closes the sockets of every sign-in of a user whose password changes', async () => {
    const email = `live.${randomBytes(6).toString('hex')}@demo.test`;
    const userId = await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    const sockets = [
      await connect(withTicket(await requestTicket((await signIn(t.app, email)).access))),
      await connect(withTicket(await requestTicket((await signIn(t.app, email)).access))),
    ];
    const closed = sockets.map(({ socket }) => new Promise<number>((resolve) => socket.once('close', resolve)));
    const link = await issueOneTimeToken(t.database.db, { user_id: userId, purpose: 'password_reset' });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/confirm/',
      payload: { ...link, password: 'Changed!2027', password_confirmation: 'Changed!2027' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await Promise.all(closed)).toEqual([4001, 4001]);
    for (const { frames } of sockets) expect(frames).toEqual([{ type: 'session.revoked' }]);
  });

  it('closes the sockets of the other sign-ins when the user changes their password on My profile, not its own', async () => {
    const email = `live.${randomBytes(6).toString('hex')}@demo.test`;
    await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    const [changing, elsewhere] = [await signIn(t.app, email), await signIn(t.app, email)];
    const own = await connect(withTicket(await requestTicket(changing.access)));
    const other = await connect(withTicket(await requestTicket(elsewhere.access)));
    const closed = new Promise<number>((resolve) => other.socket.once('close', resolve));
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/profile/password/',
      headers: bearer(changing.access),
      payload: { current_password: DEMO_PASSWORD, new_password: 'Changed!2027' },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await closed).toBe(4001);
    expect(other.frames).toEqual([{ type: 'session.revoked' }]);
    expect(own.socket.readyState).toBe(WebSocket.OPEN);
    expect(own.frames).toEqual([]);
    own.socket.terminate();
  });

  it('delivers a merchant event only to sockets whose user may see it there, in the order published', async () => {
    const settingsChanged = defineEvent({
      name: 'test.settings-changed',
      payload: z.object({ merchant_id: z.string() }),
      audience: 'merchant',
      requirement: ACCESS_REQUIREMENTS.userSettings,
    });
    const paymentMade = defineEvent({
      name: 'test.payment-made',
      payload: z.object({ payment_id: z.string() }),
      audience: 'merchant',
    });
    const done = defineEvent({ name: 'test.done', payload: z.object({}), audience: 'user' });
    await addUser(t.database.db, { email: 'live.staff@demo.test', merchantId: ids.demoMotors, role: 'staff' });
    const sockets = await Promise.all(
      ['admin@demo.test', 'live.staff@demo.test', 'legacy@demo.test'].map(async (email) => {
        const { access } = await signIn(t.app, email);
        return {
          ...(await connect(withTicket(await requestTicket(access)))),
          userId: await userIdOf(t.database.db, email),
        };
      }),
    );
    const [admin, staff, legacy] = sockets as [(typeof sockets)[0], (typeof sockets)[0], (typeof sockets)[0]];
    const audience = { kind: 'merchant', merchantId: ids.demoMotors } as const;
    await t.app.events.publish(settingsChanged, { merchant_id: ids.demoMotors }, audience);
    await t.app.events.publish(paymentMade, { payment_id: 'p1' }, audience);
    for (const socket of sockets) await t.app.events.publish(done, {}, { kind: 'user', userId: socket.userId });

    const until = async (frames: unknown[]) => {
      await vi.waitFor(() => expect(frames.at(-1)).toEqual({ type: 'test.done' }), { timeout: 5000 });
      return frames;
    };
    expect(await until(admin.frames)).toEqual([
      { type: 'test.settings-changed', merchant_id: ids.demoMotors },
      { type: 'test.payment-made', payment_id: 'p1' },
      { type: 'test.done' },
    ]);
    // Staff of the merchant lack the user-settings requirement; Legacy's admin is another tenant.
    expect(await until(staff.frames)).toEqual([{ type: 'test.payment-made', payment_id: 'p1' }, { type: 'test.done' }]);
    expect(await until(legacy.frames)).toEqual([{ type: 'test.done' }]);
    for (const socket of sockets) socket.socket.terminate();
  });
});

describe('pruning tickets', () => {
  it('deletes expired tickets in the hourly auth prune and keeps valid ones', async () => {
    const staff = await signInNewStaff();
    const kept = await requestTicket(staff.access);
    await requestTicket(staff.access);
    await t.database.query(
      `update ws_tickets set expires_at = now() - interval '1 minute' where user_id = $1 and token_hash <> $2`,
      [staff.id, createHash('sha256').update(kept).digest('hex')],
    );
    await pruneExpiredAuthRecords(t.app.ctx);
    const rows = await t.database.query(`select count(*)::int as n from ws_tickets where user_id = $1`, [staff.id]);
    expect(rows[0]?.n).toBe(1);
    const { socket } = await connect(withTicket(kept));
    socket.terminate();
  });
});
