import { z } from 'zod';
import { PUBLIC } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
});

export type Health = z.infer<typeof healthSchema>;

export const healthEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/health',
    summary: 'Service health',
    tags: ['system'],
    access: PUBLIC,
    status: 200,
    response: healthSchema,
    errors: [503],
    errorBodies: { 503: healthSchema },
  }),
} as const;
