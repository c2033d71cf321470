// An account's scheduled payments (issue 19 item 1): the list, scheduling one (with an Idempotency-Key made once per
// confirmed submit) and cancelling one that has not run.

import { scheduledPaymentEndpoints } from '@paydesk/domain/scheduled-payments/scheduled-payments.contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type ScheduleInput = z.input<typeof scheduledPaymentEndpoints.create.body>;

export const SCHEDULED_PAGE_SIZE = 10;

/** GET /merchants/:id/accounts/:aid/scheduled_payments/ (soonest first, then the ones that ran or were cancelled) */
export function useScheduledPayments(merchantID: string, accountID: string, page: number) {
  return useQuery({
    queryKey: queryKeys.payments.scheduled(merchantID, accountID, page),
    queryFn: () =>
      api.call(scheduledPaymentEndpoints.list, {
        params: { id: merchantID, accountId: accountID },
        query: { page, page_size: SCHEDULED_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /merchants/:id/accounts/:aid/scheduled_payments/ */
export function useSchedulePayment(merchantID: string, accountID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: ScheduleInput; idempotencyKey: string }) =>
      api.call(
        scheduledPaymentEndpoints.create,
        { params: { id: merchantID, accountId: accountID }, body: input },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.payments.scheduled(merchantID, accountID) }),
  });
}

/** POST /merchants/:id/cancel_scheduled_payment/ */
export function useCancelScheduledPayment(merchantID: string, accountID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scheduledPaymentID: string) =>
      api.call(scheduledPaymentEndpoints.cancel, { params: { id: merchantID }, body: { payment: scheduledPaymentID } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.payments.scheduled(merchantID, accountID) }),
  });
}
