import type { DeviceAction } from '@paydesk/domain/integrations/integrations.contract';

/** A merchant's login at the device service: PassTime dealer id or Ituran account id, user name and password. */
export type DeviceCredentials = { account_id: string; username: string; password: string };

export type DeviceCommand = { device_id: string; action: DeviceAction };

export type DeviceLocation = { latitude: number; longitude: number; recorded_at: string };

/**
 * What a command came to. A failure says whether trying again may work (`resolvable`: the device was offline, the
 * service was busy) or a person must sort it out first (`resolvable: false`: the device is not on the account).
 */
export type DeviceOutcome =
  { ok: true; message: string; location: DeviceLocation | null } | { ok: false; message: string; resolvable: boolean };

/** A starter-interrupt and GPS service (PassTime, Ituran). */
export type DeviceService = {
  name: 'sandbox';
  testConnection(credentials: DeviceCredentials): Promise<{ ok: boolean; message: string }>;
  perform(credentials: DeviceCredentials, command: DeviceCommand): Promise<DeviceOutcome>;
};
