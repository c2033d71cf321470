import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers';

describe('route access declarations', () => {
  it('refuses to start when an /api route declares no access rule', async () => {
    await expect(
      buildTestApp({
        beforeReady: (app) => {
          app.get('/api/forgotten/', async () => ({ leaked: true }));
        },
      }),
    ).rejects.toThrow('Route GET /api/forgotten/ declares no access rule (config.access)');
  });
});
