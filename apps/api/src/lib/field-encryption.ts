import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Seals secrets kept at rest (SSNs, integration credentials) so that a database dump alone does not reveal them. */
export type FieldCipher = {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
};

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * AES-256-GCM with a random IV per value: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. The version prefix
 * leaves room for a key rotation. Without a key (a test app that never stores a secret) every use throws.
 */
export function createFieldCipher(base64Key: string | undefined): FieldCipher {
  if (!base64Key) {
    const missing = () => {
      throw new Error('ENCRYPTION_KEY is not configured');
    };
    return { encrypt: missing, decrypt: missing };
  }
  const key = Buffer.from(base64Key, 'base64');
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes, base64-encoded');
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
        throw new Error('not a sealed value');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
