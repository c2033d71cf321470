// Locations and account tags of a merchant, as options for the customers filters and forms (pickers ask for page 1,
// page_size 1000, SPEC §7).
import { locationEndpoints } from '@paydesk/domain/locations/locations.contract';
import { accountTagEndpoints } from '@paydesk/domain/tags/tags.contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type NamedOption = { id: string; name: string };

const ALL = { page: 1, page_size: 1000 };

/** GET /merchants/:id/merchant_locations/?page=1&page_size=1000 */
export function useMerchantLocations(merchantID: string | undefined) {
  return useQuery({
    queryKey: queryKeys.locations.choices(merchantID ?? '', 'options'),
    queryFn: async (): Promise<NamedOption[]> => {
      const page = await api.call(locationEndpoints.list, { params: { id: merchantID ?? '' }, query: ALL });
      return page.results.map(({ id, name }) => ({ id, name }));
    },
    enabled: Boolean(merchantID),
    staleTime: 60_000,
  });
}

/** GET /merchants/:id/account-tags/?page=1&page_size=1000 */
export function useAccountTags(merchantID: string | undefined) {
  return useQuery({
    queryKey: queryKeys.tags.choices(merchantID ?? '', 'options'),
    queryFn: async (): Promise<NamedOption[]> => {
      const page = await api.call(accountTagEndpoints.list, { params: { id: merchantID ?? '' }, query: ALL });
      return page.results.map(({ id, name }) => ({ id, name }));
    },
    enabled: Boolean(merchantID),
    staleTime: 60_000,
  });
}
