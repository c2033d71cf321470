import { describe, expect, it } from 'vitest';
import { createSandboxDeviceService } from './sandbox-device-service';

const service = createSandboxDeviceService('PassTime', () => new Date('2026-03-05T10:00:00Z'));
const credentials = { account_id: 'DM-1', username: 'u', password: 'p' };

describe('the sandbox device service', () => {
  it('refuses the password "wrong" for tests and commands (resolvable once fixed)', async () => {
    const wrong = { ...credentials, password: 'wrong' };
    expect((await service.testConnection(wrong)).ok).toBe(false);
    expect(await service.perform(wrong, { device_id: 'A1', action: 'locate' })).toMatchObject({
      ok: false,
      resolvable: true,
    });
    expect(await service.testConnection(credentials)).toEqual({
      ok: true,
      message: 'Connected to PassTime account DM-1.',
    });
  });

  it('answers offline for ids ending in 0 (resolvable) and not found for ids ending in 9 (not resolvable)', async () => {
    expect(await service.perform(credentials, { device_id: 'X-10', action: 'starter_enable' })).toEqual({
      ok: false,
      message: 'Device X-10 is offline.',
      resolvable: true,
    });
    expect(await service.perform(credentials, { device_id: 'X-19', action: 'starter_enable' })).toMatchObject({
      ok: false,
      resolvable: false,
    });
  });

  it('succeeds otherwise; locate gives the same plausible coordinates for the same device', async () => {
    expect(await service.perform(credentials, { device_id: 'X-12', action: 'starter_disable' })).toEqual({
      ok: true,
      message: 'Starter disabled on device X-12.',
      location: null,
    });
    const first = await service.perform(credentials, { device_id: 'X-12', action: 'locate' });
    const again = await service.perform(credentials, { device_id: 'X-12', action: 'locate' });
    expect(first).toEqual(again);
    if (!first.ok || !first.location) throw new Error('expected a location');
    expect(Math.abs(first.location.latitude - 32.78)).toBeLessThan(0.2);
    expect(Math.abs(first.location.longitude + 96.8)).toBeLessThan(0.2);
    expect(first.location.recorded_at).toBe('2026-03-05T10:00:00.000Z');
  });
});
