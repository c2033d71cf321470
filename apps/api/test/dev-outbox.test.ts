import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from './helpers';
import { bearer, seedDemo, signIn } from './identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.database.db);
});
afterAll(() => t.close());

const readOutbox = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/dev/outbox/', headers });

describe('GET /api/dev/outbox/', () => {
  it('needs a signed-in super user: the outbox holds every emailed secret', async () => {
    expect((await readOutbox()).statusCode).toBe(401);
    expect((await readOutbox(bearer((await signIn(t.app, 'admin@demo.test')).access))).statusCode).toBe(403);
    await t.app.inject({ method: 'POST', url: '/api/password-reset/', payload: { email: 'staff@demo.test' } });
    expect((await t.app.jobs.drain()).failed).toEqual([]);
    const answer = await readOutbox(bearer((await signIn(t.app, 'super@demo.test')).access));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().results[0]).toMatchObject({
      recipient: 'staff@demo.test',
      channel: 'email',
      subject: 'Reset your Paydesk password',
    });
  });

  it('does not exist while real email is sent (SMTP_URL set), even outside production', async () => {
    const smtp = await buildTestApp({ config: testConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }) });
    try {
      await seedDemo(smtp.database.db);
      const { access } = await signIn(smtp.app, 'super@demo.test');
      const answer = await smtp.app.inject({ method: 'GET', url: '/api/dev/outbox/', headers: bearer(access) });
      expect(answer.statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});
