import { z } from 'zod';
import { SUPER_USER } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';
import { pageSchema, paginationQuery } from '../api/pagination';

export const paymentCodeSchema = z.object({ code: z.string() });
export type PaymentCode = z.infer<typeof paymentCodeSchema>;

export const paymentCodeEndpoints = {
  available: defineEndpoint({
    method: 'GET',
    path: '/merchants/available_upc/',
    summary: 'Unassigned payment codes a new merchant may be given, in code order (super users)',
    tags: ['merchants'],
    access: SUPER_USER,
    query: paginationQuery,
    status: 200,
    response: pageSchema(paymentCodeSchema),
    errors: [400, 401, 403],
  }),
} as const;
