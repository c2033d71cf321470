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
