import { z } from 'zod';

export const emailMessageSchema = z.object({
  to: z.email(),
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().optional(),
});

export type EmailMessage = z.output<typeof emailMessageSchema>;

export type EmailProvider = {
  name: 'outbox' | 'smtp';
  send(message: EmailMessage): Promise<void>;
};
