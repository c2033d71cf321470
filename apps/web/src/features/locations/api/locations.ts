import {
  locationEndpoints,
  type LocationInput,
  type locationListQuery,
} from '@paydesk/domain/locations/locations.contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type LocationListParams = {
  page: number;
  pageSize: number;
  search: string;
  ordering?: z.output<typeof locationListQuery>['ordering'];
};

/** GET /merchants/:id/merchant_locations/ */
export function getLocationsQueryOptions(merchantID: string, params: LocationListParams) {
  return queryOptions({
    queryKey: queryKeys.locations.list(merchantID, params),
    queryFn: () =>
      api.call(locationEndpoints.list, {
        params: { id: merchantID },
        query: {
          page: params.page,
          page_size: params.pageSize,
          ordering: params.ordering,
          ...(params.search ? { search: params.search } : {}),
        },
      }),
    placeholderData: keepPreviousData,
    enabled: merchantID !== '',
  });
}

export function useLocations(merchantID: string, params: LocationListParams) {
  return useQuery(getLocationsQueryOptions(merchantID, params));
}

/** GET /merchants/:id/merchant_locations/:locationId/ */
export function getLocationQueryOptions(merchantID: string, locationID: string) {
  return queryOptions({
    queryKey: queryKeys.locations.item(merchantID, locationID),
    queryFn: () => api.call(locationEndpoints.get, { params: { id: merchantID, locationId: locationID } }),
    enabled: merchantID !== '' && locationID !== '',
  });
}

export function useLocation(merchantID: string, locationID: string) {
  return useQuery(getLocationQueryOptions(merchantID, locationID));
}

/** POST /merchants/:id/merchant_locations/ (super_admin, admin). */
export function useCreateLocation(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LocationInput) =>
      api.call(locationEndpoints.create, { params: { id: merchantID }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.locations.all(merchantID) }),
  });
}

/** PUT /merchants/:id/merchant_locations/:locationId/ (super_admin, admin). */
export function useUpdateLocation(merchantID: string, locationID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LocationInput) =>
      api.call(locationEndpoints.replace, { params: { id: merchantID, locationId: locationID }, body: input }),
    onSuccess: async (location) => {
      queryClient.setQueryData(getLocationQueryOptions(merchantID, locationID).queryKey, location);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.locations.all(merchantID) }),
        // Merchant accounts show their location's name.
        queryClient.invalidateQueries({ queryKey: queryKeys.merchantAccounts.all(merchantID) }),
      ]);
    },
  });
}

/** DELETE /merchants/:id/merchant_locations/:locationId/ (super_admin, admin); 409 while it has merchant accounts. */
export function useDeleteLocation(merchantID: string, locationID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(locationEndpoints.remove, { params: { id: merchantID, locationId: locationID } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: getLocationQueryOptions(merchantID, locationID).queryKey });
      await queryClient.invalidateQueries({ queryKey: queryKeys.locations.all(merchantID) });
    },
  });
}
