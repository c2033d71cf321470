import {
  integrationEndpoints as endpoints,
  ituranEndpoints,
  passtimeEndpoints,
  type DeviceProvider,
  type FreshbooksConnectInput,
  type IturanSettings,
  type PasstimeSettings,
} from '@paydesk/domain/integrations/integrations.contract';
import { FAILED_ACTIONS_PAGE_SIZE } from '@paydesk/domain/constants';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /merchants/:id/integrations/ (super_admin): the merchant's connection to each provider. */
export function connectionsQueryOptions(merchantID: string) {
  return queryOptions({
    queryKey: queryKeys.integrations.connections(merchantID),
    queryFn: () => api.call(endpoints.list, { params: { id: merchantID } }),
  });
}

export function useConnections(merchantID: string) {
  return useQuery(connectionsQueryOptions(merchantID));
}

/**
 * GET /oauth-links/?merchant=&origin= : a fresh connect link (single-use state), fetched when the user clicks
 * Connect. The origin brings the flow back to the address the user is on (and signed in at), when it is one of
 * the app's.
 */
export function getOauthLinks(merchantID: string) {
  return api.call(endpoints.oauthLinks, { query: { merchant: merchantID, origin: window.location.origin } });
}

/** POST /freshbooks/connect/ with the code and state FreshBooks sent back. */
export function connectFreshbooks(input: FreshbooksConnectInput) {
  return api.call(endpoints.freshbooksConnect, { body: input });
}

export function useDisconnectFreshbooks(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.freshbooksDisconnect, { params: { id: merchantID } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all(merchantID) }),
  });
}

/** A device provider's settings, whichever name its account field has (PassTime dealer_id, Ituran account_id). */
export type DeviceSettingsView = Omit<PasstimeSettings, 'provider' | 'dealer_id'> & {
  provider: DeviceProvider;
  account_id: string;
};

/** The credentials form's values: account_id is sent as the provider's own field. */
export type DeviceCredentialsValues = { account_id: string; username: string; password?: string };

function toView(settings: PasstimeSettings | IturanSettings): DeviceSettingsView {
  if (settings.provider === 'passtime') {
    const { dealer_id, ...rest } = settings;
    return { ...rest, account_id: dealer_id };
  }
  return settings;
}

async function getDeviceSettings(merchantID: string, provider: DeviceProvider) {
  const settings =
    provider === 'passtime'
      ? await api.call(passtimeEndpoints.get, { params: { id: merchantID } })
      : await api.call(ituranEndpoints.get, { params: { id: merchantID } });
  return toView(settings);
}

async function saveDeviceCredentials(merchantID: string, provider: DeviceProvider, values: DeviceCredentialsValues) {
  const { account_id, ...rest } = values;
  const settings =
    provider === 'passtime'
      ? await api.call(passtimeEndpoints.save, { params: { id: merchantID }, body: { ...rest, dealer_id: account_id } })
      : await api.call(ituranEndpoints.save, { params: { id: merchantID }, body: { ...rest, account_id } });
  return toView(settings);
}

export function deviceSettingsQueryOptions(merchantID: string, provider: DeviceProvider) {
  return queryOptions({
    queryKey: queryKeys.integrations.deviceSettings(merchantID, provider),
    queryFn: () => getDeviceSettings(merchantID, provider),
  });
}

export function useDeviceSettings(merchantID: string, provider: DeviceProvider) {
  return useQuery(deviceSettingsQueryOptions(merchantID, provider));
}

export function useSaveDeviceCredentials(merchantID: string, provider: DeviceProvider) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: DeviceCredentialsValues) => saveDeviceCredentials(merchantID, provider, values),
    onSuccess: (settings) => {
      queryClient.setQueryData(deviceSettingsQueryOptions(merchantID, provider).queryKey, settings);
      return queryClient.invalidateQueries({ queryKey: connectionsQueryOptions(merchantID).queryKey });
    },
  });
}

export function useTestDeviceConnection(merchantID: string, provider: DeviceProvider) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.call(provider === 'passtime' ? passtimeEndpoints.test : ituranEndpoints.test, {
        params: { id: merchantID },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all(merchantID) }),
  });
}

export function failedActionsQueryOptions(merchantID: string, provider: DeviceProvider) {
  return queryOptions({
    queryKey: queryKeys.integrations.deviceFailedActions(merchantID, provider),
    queryFn: () =>
      api.call(endpoints.failedActions, { params: { id: merchantID }, query: { provider, page_size: 25 } }),
  });
}

export function useFailedActions(merchantID: string, provider: DeviceProvider) {
  return useQuery(failedActionsQueryOptions(merchantID, provider));
}

/** GET /merchants/:id/failed-actions/ for the failed-actions screen: every provider the user may see, 100 a page. */
export function merchantFailedActionsQueryOptions(merchantID: string, page: number) {
  return queryOptions({
    queryKey: queryKeys.integrations.failedActions(merchantID, page),
    queryFn: () =>
      api.call(endpoints.failedActions, {
        params: { id: merchantID },
        query: { page, page_size: FAILED_ACTIONS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMerchantFailedActions(merchantID: string, page: number) {
  return useQuery(merchantFailedActionsQueryOptions(merchantID, page));
}

/** POST …/failed-actions/:aid/resolve/ */
export function useResolveFailedAction(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (actionID: string) =>
      api.call(endpoints.resolveFailedAction, { params: { id: merchantID, aid: actionID } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all(merchantID) }),
  });
}

/** POST …/failed-actions/:aid/retry/ */
export function useRetryFailedAction(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (actionID: string) =>
      api.call(endpoints.retryFailedAction, { params: { id: merchantID, aid: actionID } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all(merchantID) }),
  });
}
