// An account's promises to pay (issue 19 item 3): the upcoming ones and recording one.

import { promiseEndpoints } from '@paydesk/domain/promises/promises.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type PromiseInput = z.input<typeof promiseEndpoints.create.body>;

/** GET /merchants/:id/accounts/:aid/promises/ (only those still ahead, soonest first) */
export function useAccountPromises(merchantID: string, accountID: string) {
  return useQuery({
    queryKey: queryKeys.promises.account(merchantID, accountID),
    queryFn: () =>
      api.call(promiseEndpoints.listOfAccount, {
        params: { id: merchantID, accountId: accountID },
        query: { page: 1, page_size: 50 },
      }),
  });
}

/** POST /merchants/:id/accounts/:aid/promises/ */
export function useCreatePromise(merchantID: string, accountID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromiseInput) =>
      api.call(promiseEndpoints.create, { params: { id: merchantID, accountId: accountID }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.promises.all(merchantID) }),
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
