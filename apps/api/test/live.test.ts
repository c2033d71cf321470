import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import { WebSocket } from 'ws';
import { z } from 'zod';
import { defineEvent } from '../src/lib/events';
import { buildTestApp, type TestApp } from './helpers';
import { addUser, seedDemo, signIn, userIdOf, bearer, type DemoIds } from './identity';

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

describe('GET /ws/events/', () => {
  it('refuses a connection without a valid token', async () => {
    await expect(connect('/ws/events/')).rejects.toThrow(/401/);
    await expect(connect('/ws/events/?token=nope')).rejects.toThrow(/401/);
  });

  it('tells a signed-in user their session was revoked when they are disabled, then closes the socket', async () => {
    const { access } = await signIn(t.app, 'staff@demo.test');
    const { socket, frames } = await connect(`/ws/events/?token=${access}`);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const admin = await signIn(t.app, 'admin@demo.test');
    const staffId = await userIdOf(t.database.db, 'staff@demo.test');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${ids.demoMotors}/users/${staffId}/disable/`,
      headers: bearer(admin.access),
    });
    expect(response.statusCode).toBe(200);
    await vi.waitFor(() => expect(frames).toEqual([{ type: 'session.revoked' }]), { timeout: 5000 });
    expect(await closed).toBe(4001);
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
        return { ...(await connect(`/ws/events/?token=${access}`)), userId: await userIdOf(t.database.db, email) };
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
