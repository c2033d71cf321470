// An account's autopay (issue 19 item 2): its state, enrolling a customer with a saved method, turning it off.

import { autopayEndpoints, type AutopayDisabledBy } from '@paydesk/domain/autopay/autopay.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type EnrolInput = z.input<typeof autopayEndpoints.enrol.body>;

/** GET /merchants/:id/accounts/:aid/autopay/ */
export function useAutopay(merchantID: string, accountID: string) {
  return useQuery({
    queryKey: queryKeys.payments.autopay(merchantID, accountID),
    queryFn: () => api.call(autopayEndpoints.get, { params: { id: merchantID, accountId: accountID } }),
  });
}

function useRefreshAfterAutopay(merchantID: string, accountID: string) {
  const queryClient = useQueryClient();
  // The account's autopay flag shows on the customer and in the list too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.payments.autopay(merchantID, accountID) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.customers.all() }),
    ]);
}

/** PUT /merchants/:id/accounts/:aid/autopay/ */
export function useEnrolAutopay(merchantID: string, accountID: string) {
  const refresh = useRefreshAfterAutopay(merchantID, accountID);
  return useMutation({
    mutationFn: (input: EnrolInput) =>
      api.call(autopayEndpoints.enrol, { params: { id: merchantID, accountId: accountID }, body: input }),
    onSuccess: refresh,
  });
}

/** DELETE /merchants/:id/accounts/:aid/autopay/?by=customer|merchant */
export function useDisableAutopay(merchantID: string, accountID: string) {
  const refresh = useRefreshAfterAutopay(merchantID, accountID);
  return useMutation({
    mutationFn: (by: AutopayDisabledBy) =>
      api.call(autopayEndpoints.disable, { params: { id: merchantID, accountId: accountID }, query: { by } }),
    onSuccess: refresh,
  });
}
