import type { Transporter } from 'nodemailer';
import type { EmailProvider } from './email-provider';

export function createSmtpEmailProvider(smtpUrl: string, from: string): EmailProvider {
  // nodemailer (~3 MB of heap once loaded) is loaded with the first email, not by every process at start.
  let transport: Promise<Transporter> | undefined;
  return {
    name: 'smtp',
    async send(message, { idempotencyKey }) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      const mailer = await transport;
      await mailer.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // SMTP has no idempotency: a resend after a lost answer keeps the Message-ID, so mail clients show one.
        messageId: `<${idempotencyKey}@paydesk.mail>`,
      });
    },
  };
}
