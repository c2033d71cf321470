import { createHash } from 'node:crypto';
import type { DeviceCredentials, DeviceService } from './device-provider';

export type SandboxDeviceLogin = Pick<DeviceCredentials, 'username' | 'password'>;

/** The login the sandbox knows (for any dealer or account id); every other user name and password is refused. */
export const SANDBOX_DEVICE_LOGIN: SandboxDeviceLogin = { username: 'demo.motors', password: 'sandbox-pass' };

/**
 * The embedded device service (the only one for now: the real PassTime and Ituran APIs are not wired, see
 * docs/decisions/0011-integrations.md). It answers deterministically, so people and tests can rely on it:
 * - only the logins it knows sign in (`SANDBOX_DEVICE_LOGIN` unless given others): any other user name or
 *   password is refused, for a test, a save and every command;
 * - a device id ending in 0: the device is offline (resolvable: a retry may work);
 * - a device id ending in 8: the device is offline for the first command this service gets for it, and back
 *   online after (so a retry of that failed action works);
 * - a device id ending in 9: the device is not on the account (not resolvable);
 * - any other device: the command succeeds; `locate` answers coordinates derived from the device id.
 */
export function createSandboxDeviceService(
  label: string,
  options: { clock?: () => Date; logins?: readonly SandboxDeviceLogin[] } = {},
): DeviceService {
  const { clock = () => new Date(), logins = [SANDBOX_DEVICE_LOGIN] } = options;
  const known = (credentials: DeviceCredentials) =>
    logins.some((login) => login.username === credentials.username && login.password === credentials.password);
  const seenOnce = new Set<string>();
  const authFailure = `${label} refused the credentials: check the user name and password.`;
  return {
    name: 'sandbox',
    async testConnection(credentials) {
      if (!known(credentials)) return { ok: false, message: authFailure };
      return { ok: true, message: `Connected to ${label} account ${credentials.account_id}.` };
    },
    async perform(credentials, { device_id, action }) {
      if (!known(credentials)) return { ok: false, message: authFailure, resolvable: true };
      if (device_id.endsWith('0')) {
        return { ok: false, message: `Device ${device_id} is offline.`, resolvable: true };
      }
      if (device_id.endsWith('8') && !seenOnce.has(`${credentials.account_id}/${device_id}`)) {
        seenOnce.add(`${credentials.account_id}/${device_id}`);
        return { ok: false, message: `Device ${device_id} is offline.`, resolvable: true };
      }
      if (device_id.endsWith('9')) {
        return {
          ok: false,
          message: `Device ${device_id} was not found on account ${credentials.account_id}.`,
          resolvable: false,
        };
      }
      if (action === 'locate') {
        // Somewhere around Dallas, TX, the same place for the same device.
        const digest = createHash('sha256').update(device_id).digest();
        const latitude = 32.7767 + ((digest.readUInt16BE(0) / 65535) * 0.2 - 0.1);
        const longitude = -96.797 + ((digest.readUInt16BE(2) / 65535) * 0.2 - 0.1);
        return {
          ok: true,
          message: `Device ${device_id} located.`,
          location: {
            latitude: Number(latitude.toFixed(5)),
            longitude: Number(longitude.toFixed(5)),
            recorded_at: clock().toISOString(),
          },
        };
      }
      const done = action === 'starter_enable' ? 'Starter enabled' : 'Starter disabled';
      return { ok: true, message: `${done} on device ${device_id}.`, location: null };
    },
  };
}
