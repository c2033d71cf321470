// The failed payments queue (issue 19 item 4): the list and a retry by hand (with an Idempotency-Key made once per
// confirmed retry, so confirming again after a lost answer charges once).

import { failedPaymentEndpoints } from '@paydesk/domain/failed-payments/failed-payments.contract';
import { paymentEndpoints } from '@paydesk/domain/payments/payments.contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const FAILED_PAYMENTS_PAGE_SIZE = 25;

/** GET /merchants/:id/failed_payments/ (newest first) */
export function useFailedPayments(merchantID: string, page: number) {
  return useQuery({
    queryKey: queryKeys.payments.failed(merchantID, page),
    queryFn: () =>
      api.call(failedPaymentEndpoints.list, {
        params: { id: merchantID },
        query: { page, page_size: FAILED_PAYMENTS_PAGE_SIZE },
      }),
    enabled: Boolean(merchantID),
    placeholderData: keepPreviousData,
  });
}

/** POST /merchants/:id/failed_payments/:pid/retry/ */
export function useRetryFailedPayment(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      paymentID,
      paymentMethodID,
      idempotencyKey,
    }: {
      paymentID: string;
      paymentMethodID: string;
      idempotencyKey: string;
    }) =>
      api.call(
        failedPaymentEndpoints.retry,
        { params: { id: merchantID, paymentId: paymentID }, body: { payment_method: paymentMethodID } },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.payments.all(merchantID) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.customers.lists() }),
      ]),
  });
}

/** The customer's saved methods, to retry from another one (GET …/customers/:cid/payment_methods/). */
export function useCustomerMethods(merchantID: string, customerID: string | null) {
  return useQuery({
    queryKey: queryKeys.customers.paymentMethods(merchantID, customerID ?? ''),
    queryFn: () => api.call(paymentEndpoints.listMethods, { params: { id: merchantID, customerId: customerID ?? '' } }),
    enabled: Boolean(merchantID && customerID),
  });
}
