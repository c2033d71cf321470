import type { Config } from '../config';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The web app's address for links in emails: PUBLIC_URL, or outside production the address the server listens on.
 * Never a request header, which a client can set to any host.
 */
export function appUrlOf(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  return `http://localhost:${config.PORT}`;
}

/**
 * The origins the web app may be opened on: PUBLIC_URL's (or, without it, the server's port on every loopback
 * name: localhost, 127.0.0.1, [::1]) and APP_ORIGINS. A flow that leaves the app and comes back may return to one
 * of these, never to an address a request names otherwise.
 */
export function appOriginsOf(config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'APP_ORIGINS'>): string[] {
  const own = config.PUBLIC_URL
    ? [new URL(config.PUBLIC_URL).origin]
    : LOOPBACK_HOSTS.map((host) => `http://${host}:${config.PORT}`);
  return [...new Set([...own, ...(config.APP_ORIGINS ?? []).map((origin) => new URL(origin).origin)])];
}

/**
 * The web app's address on `wanted` when that is exactly one of its origins (as a browser's `location.origin`
 * reads), else its address for emails (`appUrlOf`).
 */
export function appUrlOn(config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'APP_ORIGINS'>, wanted: unknown): string {
  const appUrl = appUrlOf(config);
  const allowed = typeof wanted === 'string' && appOriginsOf(config).includes(wanted);
  return allowed && wanted !== new URL(appUrl).origin ? wanted : appUrl;
}
