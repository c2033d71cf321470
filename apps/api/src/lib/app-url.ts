import type { Config } from '../config';

/**
 * The web app's address for links in emails: PUBLIC_URL, or outside production the address the server listens on.
 * Never a request header, which a client can set to any host.
 */
export function appUrlOf(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  return `http://localhost:${config.PORT}`;
}
