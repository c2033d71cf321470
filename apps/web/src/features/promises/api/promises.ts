// The merchant's promises to pay for follow-up (issue 19 item 3, the /promises screen).

import { promiseEndpoints, type PromiseOutcome } from '@paydesk/domain/promises/promises.contract';
import { TABLE_DEFAULT_ROWS } from '@paydesk/domain/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const PROMISES_PAGE_SIZE = TABLE_DEFAULT_ROWS;

/** GET /merchants/:id/promises/ (open ones soonest first, settled ones latest first) */
export function usePromises(merchantID: string, page: number, outcome: PromiseOutcome | null) {
  return useQuery({
    queryKey: queryKeys.promises.list(merchantID, { page, outcome }),
    queryFn: () =>
      api.call(promiseEndpoints.list, {
        params: { id: merchantID },
        query: { page, page_size: PROMISES_PAGE_SIZE, ...(outcome ? { outcome } : {}) },
      }),
    enabled: Boolean(merchantID),
    placeholderData: keepPreviousData,
  });
}

/** POST /merchants/:id/promises/:pid/confirm/ (an unconfirmed promise becomes Confirmed) */
export function useConfirmPromise(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promiseID: string) =>
      api.call(promiseEndpoints.confirm, { params: { id: merchantID, promiseId: promiseID } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.promises.all(merchantID) }),
  });
}
