import { ownerEndpoints } from '@paydesk/domain/owners/owners.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /merchants/:id/business_owners/:ownerId/ */
export function getOwner(merchantID: string, ownerID: string) {
  return api.call(ownerEndpoints.get, { params: { id: merchantID, ownerId: ownerID } });
}

/** Under the merchant's owners prefix (see get-owners), so a change refreshes lists and the owner alike. */
export function getOwnerQueryOptions(merchantID: string, ownerID: string) {
  return queryOptions({
    queryKey: queryKeys.owners.item(merchantID, ownerID),
    queryFn: () => getOwner(merchantID, ownerID),
  });
}

export function useOwner(merchantID: string, ownerID: string) {
  return useQuery(getOwnerQueryOptions(merchantID, ownerID));
}
