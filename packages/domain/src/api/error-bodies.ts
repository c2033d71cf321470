import { z } from 'zod';

/** A 400 with field errors: `{field: [message]}`, nested paths dotted, `non_field_errors` for the whole body. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/** Every other error: `{detail, code}` (SPEC §8 catalogue codes, or `not_found`, `permission_denied`, …). */
export const errorDetailSchema = z.object({ detail: z.string(), code: z.string() });

export type FieldErrorsBody = z.infer<typeof fieldErrorsSchema>;
export type ErrorDetailBody = z.infer<typeof errorDetailSchema>;

/** The body of an error status: a 400 may carry either shape. */
export function errorBodyOf(status: number): z.ZodType {
  return status === 400 ? z.union([fieldErrorsSchema, errorDetailSchema]) : errorDetailSchema;
}
