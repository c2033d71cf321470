import { REQUIRED } from '@paydesk/domain/validation/messages';
import { passwordConfirmation, passwordField } from '@paydesk/domain/validation/rules';
import { z } from 'zod';

/** A new password and its confirmation, with the SPEC §5 messages; the field names are the API's. */
export const newPasswordShape = {
  password: passwordField(),
  // Not trimmed: it must equal the password exactly.
  password_confirmation: z.string({ error: REQUIRED }).min(1, { error: REQUIRED }),
};

export function withPasswordConfirmation<T extends z.ZodObject>(schema: T): T {
  return passwordConfirmation(schema, { password: 'password', confirm: 'password_confirmation' });
}

export const newPasswordSchema = withPasswordConfirmation(z.object(newPasswordShape));
