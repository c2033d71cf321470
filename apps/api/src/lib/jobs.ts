import type { z } from 'zod';

/** A background job: a queue name and the schema of its payload. Handlers live beside the module that owns it. */
export type JobDefinition<Schema extends z.ZodType> = {
  name: string;
  payload: Schema;
  retryLimit?: number;
  retryDelaySeconds?: number;
};

export const defineJob = <Schema extends z.ZodType>(definition: JobDefinition<Schema>) => definition;

export type JobHandler<Schema extends z.ZodType> = (payload: z.output<Schema>) => Promise<void>;
