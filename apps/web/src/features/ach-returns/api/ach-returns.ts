// ACH returns (issue 19 item 5): the list (optionally of one code), the 60-day return rates, and re-presenting a
// return (with an Idempotency-Key made once per confirmed re-presentment, so confirming again after a lost answer
// debits once).

import { achReturnEndpoints } from '@paydesk/domain/payments/ach-returns.contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const ACH_RETURNS_PAGE_SIZE = 25;

/** GET /merchants/:id/ach_returns/ (newest first) */
export function useAchReturns(merchantID: string, page: number, code: string | null) {
  return useQuery({
    queryKey: queryKeys.payments.achReturns(merchantID, page, code ?? undefined),
    queryFn: () =>
      api.call(achReturnEndpoints.list, {
        params: { id: merchantID },
        query: { page, page_size: ACH_RETURNS_PAGE_SIZE, ...(code ? { code } : {}) },
      }),
    enabled: Boolean(merchantID),
    placeholderData: keepPreviousData,
  });
}

/** GET /merchants/:id/ach_returns/rates/ */
export function useAchReturnRates(merchantID: string) {
  return useQuery({
    queryKey: queryKeys.payments.achReturnRates(merchantID),
    queryFn: () => api.call(achReturnEndpoints.rates, { params: { id: merchantID } }),
    enabled: Boolean(merchantID),
  });
}

/** POST /merchants/:id/ach_returns/:pid/represent/ */
export function useRepresentAchReturn(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentID, idempotencyKey }: { paymentID: string; idempotencyKey: string }) =>
      api.call(
        achReturnEndpoints.represent,
        { params: { id: merchantID, paymentId: paymentID } },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.payments.all(merchantID) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.customers.lists() }),
      ]),
  });
}
