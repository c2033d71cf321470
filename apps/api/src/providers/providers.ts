import type { DeviceProvider } from '@paydesk/domain/integrations/integrations.contract';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { DeviceService } from './devices/device-provider';
import { createSandboxDeviceService, type SandboxDeviceLogin } from './devices/sandbox-device-service';
import type { EmailProvider } from './email/email-provider';
import { createOutboxEmailProvider } from './email/outbox-email-provider';
import { createSmtpEmailProvider } from './email/smtp-email-provider';
import { createOutboxSmsProvider } from './sms/outbox-sms-provider';
import type { SmsProvider } from './sms/sms-provider';
import { createTwilioSmsProvider } from './sms/twilio-sms-provider';
import type { GatewayProvider } from './gateway/gateway-provider';
import { createSandboxGateway } from './gateway/sandbox-gateway';
import { createStripeGateway } from './gateway/stripe-gateway';
import type { FreshbooksProvider } from './freshbooks/freshbooks-provider';
import { createRealFreshbooksProvider } from './freshbooks/real-freshbooks-provider';
import { createSandboxFreshbooksProvider } from './freshbooks/sandbox-freshbooks-provider';
import { createLocalMediaStore } from './media/local-media-store';
import type { MediaStore } from './media/media-store';
import { createS3MediaStore } from './media/s3-media-store';

/** Adapters to the outside world; each is chosen by configuration, the code above them is the same. */
export type Providers = {
  email: EmailProvider;
  freshbooks: FreshbooksProvider;
  devices: Record<DeviceProvider, DeviceService>;
  gateway: GatewayProvider;
  /** Where chat attachments are kept (uploads and MMS received). */
  media: MediaStore;
  sms: SmsProvider;
};

export function createProviders(config: Config, db: Db): Providers {
  return {
    email: config.SMTP_URL ? createSmtpEmailProvider(config.SMTP_URL, config.MAIL_FROM) : createOutboxEmailProvider(db),
    freshbooks:
      config.FRESHBOOKS_CLIENT_ID && config.FRESHBOOKS_CLIENT_SECRET
        ? createRealFreshbooksProvider({
            clientId: config.FRESHBOOKS_CLIENT_ID,
            clientSecret: config.FRESHBOOKS_CLIENT_SECRET,
          })
        : createSandboxFreshbooksProvider({ db }),
    // The real PassTime and Ituran services are not wired yet: the sandbox answers for both.
    devices: createSandboxDevices(),
    gateway: createGateway(config, db),
    media: createMediaStore(config),
    sms: createSms(config, db),
  };
}

/** The embedded PassTime and Ituran sandboxes, knowing `logins` (the documented demo login unless given). */
export function createSandboxDevices(logins?: readonly SandboxDeviceLogin[]): Providers['devices'] {
  return {
    passtime: createSandboxDeviceService('PassTime', { logins }),
    ituran: createSandboxDeviceService('Ituran', { logins }),
  };
}

function createGateway(config: Config, db: Db): GatewayProvider {
  if (config.STRIPE_SECRET_KEY) return createStripeGateway({ secretKey: config.STRIPE_SECRET_KEY });
  return createSandboxGateway({ db, achSettlementDays: config.SANDBOX_GATEWAY_ACH_DAYS });
}

function createSms(config: Config, db: Db): SmsProvider {
  if (config.SMS_PROVIDER === 'outbox') return createOutboxSmsProvider(db);
  const global =
    config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN
      ? { accountSid: config.TWILIO_ACCOUNT_SID, authToken: config.TWILIO_AUTH_TOKEN }
      : null;
  return createTwilioSmsProvider({ global, apiUrl: config.TWILIO_API_URL });
}

function createMediaStore(config: Config): MediaStore {
  if (config.MEDIA_STORE === 'local') return createLocalMediaStore(config.DATA_DIR);
  const { S3_BUCKET: bucket, S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId } = config;
  const secretAccessKey = config.S3_SECRET_ACCESS_KEY;
  // parseConfig refuses MEDIA_STORE=s3 without these; a Config built otherwise fails here, at start.
  if (!bucket || !region || !accessKeyId || !secretAccessKey) {
    throw new Error('MEDIA_STORE=s3 needs S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return createS3MediaStore({
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}
