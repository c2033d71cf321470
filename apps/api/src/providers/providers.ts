import type { Config } from '../config';
import type { Db } from '../db/client';
import type { EmailProvider } from './email/email-provider';
import { createOutboxEmailProvider } from './email/outbox-email-provider';
import { createSmtpEmailProvider } from './email/smtp-email-provider';

/** Adapters to the outside world; each is chosen by configuration, the code above them is the same. */
export type Providers = {
  email: EmailProvider;
};

export function createProviders(config: Config, db: Db): Providers {
  return {
    email: config.SMTP_URL ? createSmtpEmailProvider(config.SMTP_URL, config.MAIL_FROM) : createOutboxEmailProvider(db),
  };
}
