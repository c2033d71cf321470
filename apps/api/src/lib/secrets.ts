import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

/** The JWT signing key: from JWT_SECRET, or (outside production) generated once and kept in the data directory. */
export function resolveJwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('JWT_SECRET is required in production');
  return generatedSecret(config, 'jwt-secret', () => randomBytes(48).toString('base64url'));
}

/** The key for secrets at rest: from ENCRYPTION_KEY, or (outside production) generated once into the data directory. */
export function resolveEncryptionKey(config: Config): string {
  if (config.ENCRYPTION_KEY) return config.ENCRYPTION_KEY;
  if (config.NODE_ENV === 'production') throw new Error('ENCRYPTION_KEY is required in production');
  return generatedSecret(config, 'encryption-key', () => randomBytes(32).toString('base64'));
}

function generatedSecret(config: Config, name: string, generate: () => string): string {
  const file = join(config.DATA_DIR, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = generate();
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
