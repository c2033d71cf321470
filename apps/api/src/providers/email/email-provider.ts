import { z } from 'zod';

export const emailMessageSchema = z.object({
  to: z.email(),
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().optional(),
});

export type EmailMessage = z.output<typeof emailMessageSchema>;

export type SendEmailOptions = {
  /**
   * Names this message for the provider: a second call with the same key is the same message, a retry after a run
   * that died before it could record the first call's outcome. Derived from the message's row, never random.
   */
  idempotencyKey: string;
};

export type EmailProvider = {
  name: 'outbox' | 'smtp';
  send(message: EmailMessage, options: SendEmailOptions): Promise<void>;
};
