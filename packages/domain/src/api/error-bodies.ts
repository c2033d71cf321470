import { z } from 'zod';
import { errorCodesWithStatus } from '../errors/error-codes';

/** A 400 with field errors: `{field: [message]}`, nested paths dotted, `non_field_errors` for the whole body. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/** Every other error: `{detail, code}`, the code one of `ErrorCode` (errors/error-codes.ts). */
export const errorDetailSchema = z.object({ detail: z.string(), code: z.string() });

export type FieldErrorsBody = z.infer<typeof fieldErrorsSchema>;
export type ErrorDetailBody = z.infer<typeof errorDetailSchema>;

/** `{detail, code}` where the code is one that answers with this status. */
export function errorDetailSchemaOf(status: number): z.ZodType<ErrorDetailBody> {
  const [first, ...rest] = errorCodesWithStatus(status);
  return first ? z.object({ detail: z.string(), code: z.enum([first, ...rest]) }) : errorDetailSchema;
}

/** The body of an error status: a 400 may carry either shape. */
export function errorBodyOf(status: number): z.ZodType {
  const detail = errorDetailSchemaOf(status);
  return status === 400 ? z.union([fieldErrorsSchema, detail]) : detail;
}
