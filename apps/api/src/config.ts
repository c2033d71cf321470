import { existsSync } from 'node:fs';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1');

const configSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'expected development, production or test' })
      .default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce
      .number({ error: 'expected a port number' })
      .int({ error: 'expected a whole port number' })
      .min(1, { error: 'expected a port from 1 to 65535' })
      .max(65535, { error: 'expected a port from 1 to 65535' })
      .default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// connection URL' }).optional(),
    JWT_SECRET: z.string().min(32, { error: 'expected at least 32 characters' }).optional(),
    /** Encrypts secrets at rest (SSNs, integration credentials): 32 bytes, base64. */
    ENCRYPTION_KEY: z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, {
        error: 'expected 32 bytes, base64-encoded (openssl rand -base64 32)',
      })
      .optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'expected a pino log level' })
      .default('info'),
    PUBLIC_URL: z.url({ error: 'expected an absolute URL such as https://paydesk.example.com' }).optional(),
    /**
     * Other addresses the web app is opened on (comma-separated origins, e.g. `http://127.0.0.1:3000`): a flow
     * that leaves the app and comes back (connecting FreshBooks) returns to the one it started on. Emailed links
     * always use PUBLIC_URL.
     */
    APP_ORIGINS: z
      .string()
      .transform((text) =>
        text
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.url({ protocol: /^https?$/, error: 'expected comma-separated origins such as http://127.0.0.1:3000' }),
        ),
      )
      .optional(),
    SEED_DEMO_DATA: booleanFlag.optional(),
    /** Behind a load balancer: take the client address from X-Forwarded-For (sign-in throttling uses it). */
    TRUST_PROXY: booleanFlag.default(false),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).default('Paydesk <no-reply@paydesk.local>'),
    /** FreshBooks OAuth app; unset: the embedded FreshBooks sandbox (a local authorization page). */
    FRESHBOOKS_CLIENT_ID: z.string().min(1).optional(),
    FRESHBOOKS_CLIENT_SECRET: z.string().min(1).optional(),
    /** In production, the embedded FreshBooks sandbox (FRESHBOOKS_CLIENT_ID unset) only when this is true. */
    FRESHBOOKS_SANDBOX_ENABLED: booleanFlag.default(false),
    /** Stripe's secret API key; unset: the embedded sandbox processor (providers/gateway/sandbox-gateway.ts). */
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    /** Business days before the sandbox processor settles or returns an ACH debit. */
    SANDBOX_GATEWAY_ACH_DAYS: z.coerce.number({ error: 'expected a number of days' }).int().min(0).max(10).default(2),
    /** Texts: `outbox` (embedded default, kept in the local outbox) or `twilio`. */
    SMS_PROVIDER: z.enum(['outbox', 'twilio'], { error: 'expected outbox or twilio' }).default('outbox'),
    /** The global Twilio account, used for merchants without their own (messaging_settings). */
    TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    /** Replaces https://api.twilio.com (a local fake in tests); unset in production. */
    TWILIO_API_URL: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
    /** Where chat attachments are kept: `local` (DATA_DIR/message-media, the default) or `s3` (the S3_* bucket). */
    MEDIA_STORE: z.enum(['local', 's3'], { error: 'expected local or s3' }).default('local'),
    /** An S3-compatible service's address (MinIO, R2...); unset: AWS S3 in S3_REGION. */
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: 'expected an http(s) URL such as https://s3.example.com' })
      .optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Address objects as <endpoint>/<bucket>/<key> (most S3-compatible services need it). */
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number({ error: 'expected milliseconds' }).int().min(0).default(10_000),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && !config.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required in production (at least 32 characters)',
      });
    }
    if (config.NODE_ENV === 'production' && !config.ENCRYPTION_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['ENCRYPTION_KEY'],
        message: 'is required in production (32 bytes, base64-encoded)',
      });
    }
    if (config.FRESHBOOKS_CLIENT_ID && !config.FRESHBOOKS_CLIENT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['FRESHBOOKS_CLIENT_SECRET'],
        message: 'is required with FRESHBOOKS_CLIENT_ID (the OAuth app secret)',
      });
    }
    if (config.NODE_ENV === 'production' && !config.FRESHBOOKS_CLIENT_ID && !config.FRESHBOOKS_SANDBOX_ENABLED) {
      ctx.addIssue({
        code: 'custom',
        path: ['FRESHBOOKS_CLIENT_ID'],
        message:
          'is required in production (or FRESHBOOKS_SANDBOX_ENABLED=true to use the embedded FreshBooks sandbox, whose authorization page is served by this app)',
      });
    }
    if (config.TWILIO_ACCOUNT_SID && !config.TWILIO_AUTH_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['TWILIO_AUTH_TOKEN'], message: 'is required with TWILIO_ACCOUNT_SID' });
    }
    if (config.SMS_PROVIDER === 'twilio' && !config.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: "is required with SMS_PROVIDER=twilio (Twilio's webhooks are signed over this address)",
      });
    }
    if (config.MEDIA_STORE === 's3') {
      for (const name of ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with MEDIA_STORE=s3' });
      }
    }
    if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required in production (the address of the web app, for links in emails)',
      });
    }
  });

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses configuration from an environment; a bad value names the variable and what is expected. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Reads `.env` from the working directory when present; real environment variables win. */
export function loadConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return parseConfig(process.env);
}
