import { z } from 'zod';
import { defineJob } from '../../../lib/jobs';

/** The sweep that puts `customer_name_search` back in name order (name-order.ts). */
export const orderNameSearchJob = defineJob({
  name: 'customers.order-name-search',
  payload: z.object({}),
  retryLimit: 3,
  expireInSeconds: 60 * 60,
});
