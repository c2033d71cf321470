import {
  messagingSettingsEndpoints as endpoints,
  type MessagingSettingsInput,
} from '@paydesk/domain/messaging/messaging-settings.contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /merchants/:id/messaging_settings/ (administrators): the settings, the sending numbers, the Twilio account. */
export function messagingSettingsQueryOptions(merchantID: string) {
  return queryOptions({
    queryKey: queryKeys.messagingSettings(merchantID),
    queryFn: () => api.call(endpoints.get, { params: { id: merchantID } }),
  });
}

export function useMessagingSettings(merchantID: string) {
  return useQuery(messagingSettingsQueryOptions(merchantID));
}

/** PUT /merchants/:id/messaging_settings/: the answer replaces the cached settings. */
export function useSaveMessagingSettings(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessagingSettingsInput) => api.call(endpoints.replace, { params: { id: merchantID }, body }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.messagingSettings(merchantID), settings),
  });
}

/** PUT …/messaging_settings/twilio/ (super users): the merchant's own Twilio account, or none (empty SID). */
export function useSaveTwilioAccount(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { account_sid: string; auth_token?: string | null }) =>
      api.call(endpoints.twilio, { params: { id: merchantID }, body }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.messagingSettings(merchantID), settings),
  });
}

/** POST /merchants/:id/sending_numbers/ (super users). */
export function useAddSendingNumber(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { phone_number: string; location_id: string | null }) =>
      api.call(endpoints.addNumber, { params: { id: merchantID }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messagingSettings(merchantID) }),
  });
}

/** DELETE /merchants/:id/sending_numbers/:nid/ (super users). */
export function useRemoveSendingNumber(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (numberID: string) => api.call(endpoints.removeNumber, { params: { id: merchantID, nid: numberID } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messagingSettings(merchantID) }),
  });
}
