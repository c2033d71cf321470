import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, signIn, userIdOf, bearer, type DemoIds } from './identity';

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

  it('tells a signed-in user their session was revoked when they are disabled', async () => {
    const { access } = await signIn(t.app, 'staff@demo.test');
    const { socket, frames } = await connect(`/ws/events/?token=${access}`);
    const admin = await signIn(t.app, 'admin@demo.test');
    const staffId = await userIdOf(t.database.db, 'staff@demo.test');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${ids.demoMotors}/users/${staffId}/disable/`,
      headers: bearer(admin.access),
    });
    expect(response.statusCode).toBe(200);
    await vi.waitFor(() => expect(frames).toEqual([{ type: 'session.revoked' }]), { timeout: 5000 });
    socket.terminate();
  });
});
