import { emailField, requiredString } from '@paydesk/domain/validation/rules';
import { z } from 'zod';

export const merchantUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(['super_admin', 'admin', 'staff', 'custom']).nullable(),
  custom_role: z.object({ id: z.uuid(), role_name: z.string() }).nullable(),
  is_super_user: z.boolean(),
  is_pending: z.boolean(),
  is_active: z.boolean(),
  created: z.iso.datetime({ offset: true }),
});

export const inviteSchema = z.object({
  email: emailField(),
  first_name: requiredString(),
  last_name: requiredString(),
  role: z.enum(['admin', 'staff', 'custom'], { error: 'Required' }),
  custom_role_id: z.string().nullable().optional(),
});
