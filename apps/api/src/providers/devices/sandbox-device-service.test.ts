import { describe, expect, it } from 'vitest';
import { createSandboxDeviceService, SANDBOX_DEVICE_LOGIN } from './sandbox-device-service';

const service = createSandboxDeviceService('PassTime', { clock: () => new Date('2026-03-05T10:00:00Z') });
const credentials = { account_id: 'DM-1', ...SANDBOX_DEVICE_LOGIN };

describe('the sandbox device service', () => {
  it('refuses any login but the one it knows, for tests and commands (resolvable once fixed)', async () => {
    for (const wrong of [
      { ...credentials, password: 'wrong' },
      { ...credentials, username: 'someone.else' },
      { ...credentials, password: `${SANDBOX_DEVICE_LOGIN.password} ` },
    ]) {
      expect(await service.testConnection(wrong)).toEqual({
        ok: false,
        message: 'PassTime refused the credentials: check the user name and password.',
      });
      expect(await service.perform(wrong, { device_id: 'A1', action: 'locate' })).toMatchObject({
        ok: false,
        resolvable: true,
      });
    }
    const other = createSandboxDeviceService('Ituran', { logins: [{ username: 'ops', password: 'other-pass' }] });
    expect((await other.testConnection({ account_id: 'IT-1', username: 'ops', password: 'other-pass' })).ok).toBe(true);
    expect((await other.testConnection(credentials)).ok).toBe(false);
    expect(await service.testConnection(credentials)).toEqual({
      ok: true,
      message: 'Connected to PassTime account DM-1.',
    });
  });

  it('answers an id ending in 8 offline the first time only (a retry works)', async () => {
    const command = { device_id: 'X-18', action: 'starter_disable' } as const;
    expect(await service.perform(credentials, command)).toMatchObject({ ok: false, resolvable: true });
    expect(await service.perform(credentials, command)).toMatchObject({ ok: true });
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
