import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('gives the embedded defaults with no configuration', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development', LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names PORT and what is expected when it is not a number', () => {
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(/PORT: expected a port number/);
  });

  it('rejects a port out of range', () => {
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/PORT: expected a port from 1 to 65535/);
  });

  it('accepts a PostgreSQL URL and refuses any other scheme', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/paydesk' }).DATABASE_URL).toBe(
      'postgres://postgres@127.0.0.1:5432/paydesk',
    );
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x@y/z' })).toThrow(
      /DATABASE_URL: expected a postgres:\/\/ connection URL/,
    );
  });

  it('requires the FreshBooks secret with the FreshBooks client id', () => {
    expect(() => parseConfig({ FRESHBOOKS_CLIENT_ID: 'id' })).toThrow(/FRESHBOOKS_CLIENT_SECRET: is required/);
    expect(parseConfig({ FRESHBOOKS_CLIENT_ID: 'id', FRESHBOOKS_CLIENT_SECRET: 's' }).FRESHBOOKS_CLIENT_ID).toBe('id');
  });

  it('requires a long JWT_SECRET in production', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: is required in production/);
    expect(() => parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET: expected at least 32 characters/,
    );
    expect(
      parseConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
        PUBLIC_URL: 'https://paydesk.example.com',
        FRESHBOOKS_CLIENT_ID: 'id',
        FRESHBOOKS_CLIENT_SECRET: 'secret',
      }).NODE_ENV,
    ).toBe('production');
  });

  it('refuses the FreshBooks sandbox in production unless FRESHBOOKS_SANDBOX_ENABLED is true', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      PUBLIC_URL: 'https://paydesk.example.com',
    };
    expect(() => parseConfig(production)).toThrow(/FRESHBOOKS_CLIENT_ID: is required in production/);
    expect(() => parseConfig({ ...production, FRESHBOOKS_SANDBOX_ENABLED: 'false' })).toThrow(/FRESHBOOKS_CLIENT_ID/);
    expect(parseConfig({ ...production, FRESHBOOKS_SANDBOX_ENABLED: 'true' }).FRESHBOOKS_SANDBOX_ENABLED).toBe(true);
    expect(parseConfig({ NODE_ENV: 'development' }).FRESHBOOKS_SANDBOX_ENABLED).toBe(false);
  });

  it('requires a 32-byte ENCRYPTION_KEY in production, for secrets at rest', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/ENCRYPTION_KEY: is required in production/);
    expect(() => parseConfig({ ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /ENCRYPTION_KEY: expected 32 bytes, base64-encoded/,
    );
  });

  it('requires PUBLIC_URL in production, for links in emails', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(
      /PUBLIC_URL: is required in production/,
    );
    expect(() => parseConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL: expected an absolute URL/);
  });

  it('treats empty variables as unset', () => {
    const config = parseConfig({ PORT: '', DATABASE_URL: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless asked for, and takes only true or false', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(() => parseConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: expected true or false/);
  });

  it('keeps attachments in the data folder unless MEDIA_STORE=s3, which needs its bucket and keys', () => {
    expect(parseConfig({}).MEDIA_STORE).toBe('local');
    expect(() => parseConfig({ MEDIA_STORE: 'ftp' })).toThrow(/MEDIA_STORE: expected local or s3/);
    const missing = () => parseConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'paydesk' });
    expect(missing).toThrow(/S3_REGION: is required with MEDIA_STORE=s3/);
    expect(missing).toThrow(/S3_ACCESS_KEY_ID: is required with MEDIA_STORE=s3/);
    expect(missing).toThrow(/S3_SECRET_ACCESS_KEY: is required with MEDIA_STORE=s3/);
    expect(() => parseConfig({ MEDIA_STORE: 's3', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT: expected an http/,
    );
    const s3 = parseConfig({
      MEDIA_STORE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'paydesk',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(s3).toMatchObject({ MEDIA_STORE: 's3', S3_BUCKET: 'paydesk', S3_FORCE_PATH_STYLE: true });
  });
});
