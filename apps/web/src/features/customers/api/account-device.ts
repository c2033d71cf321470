import {
  integrationEndpoints as endpoints,
  type AccountDeviceInput,
  type DeviceActionInput,
} from '@paydesk/domain/integrations/integrations.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type AccountRef = { merchantID: string; customerID: string; accountID: string };
const accountParams = ({ merchantID, customerID, accountID }: AccountRef) => ({
  id: merchantID,
  customerId: customerID,
  accountId: accountID,
});

/** POST …/accounts/:accountId/device_actions/: a command to the account's device. */
export function useAccountDeviceAction(ref: AccountRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeviceActionInput) =>
      api.call(endpoints.accountDeviceAction, { params: accountParams(ref), body: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.customers.history(ref.merchantID, ref.customerID) }),
        // The merchant's failed actions (Settings and the Failed actions screen) may have a new one.
        queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all(ref.merchantID) }),
      ]),
  });
}

/** PUT (link) or DELETE (unlink) …/accounts/:accountId/device/ (administrators). */
export function useSetAccountDevice(ref: AccountRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AccountDeviceInput | null) => {
      if (input) await api.call(endpoints.linkAccountDevice, { params: accountParams(ref), body: input });
      else await api.call(endpoints.unlinkAccountDevice, { params: accountParams(ref) });
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.customers.one(ref.merchantID, ref.customerID) }),
  });
}
