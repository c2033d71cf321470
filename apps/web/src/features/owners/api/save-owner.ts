import { ownerEndpoints, type OwnerCreateInput, type OwnerReplaceInput } from '@paydesk/domain/owners/owners.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getOwnerQueryOptions } from './get-owner';
import { getOwnersQueryOptions } from './get-owners';
import { queryKeys } from '../../../lib/query-keys';

/** POST /merchants/:id/business_owners/ (super_admin, admin). */
export function createOwner(merchantID: string, input: OwnerCreateInput) {
  return api.call(ownerEndpoints.create, { params: { id: merchantID }, body: input });
}

/** PUT /merchants/:id/business_owners/:ownerId/ (super_admin, admin); a blank SSN keeps the stored one. */
export function updateOwner(merchantID: string, ownerID: string, input: OwnerReplaceInput) {
  return api.call(ownerEndpoints.replace, { params: { id: merchantID, ownerId: ownerID }, body: input });
}

/** DELETE /merchants/:id/business_owners/:ownerId/ (super_admin, admin). */
export function deleteOwner(merchantID: string, ownerID: string): Promise<void> {
  return api.call(ownerEndpoints.remove, { params: { id: merchantID, ownerId: ownerID } });
}

function useRefreshOwners(merchantID: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getOwnersQueryOptions(merchantID).queryKey }),
      // The onboarding summary's owners check (features/onboarding/api/get-onboarding-summary.ts owns this key).
      queryClient.invalidateQueries({ queryKey: queryKeys.onboarding.summary(merchantID) }),
    ]);
}

export function useCreateOwner(merchantID: string) {
  const refresh = useRefreshOwners(merchantID);
  return useMutation({ mutationFn: (input: OwnerCreateInput) => createOwner(merchantID, input), onSuccess: refresh });
}

export function useUpdateOwner(merchantID: string, ownerID: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshOwners(merchantID);
  return useMutation({
    mutationFn: (input: OwnerReplaceInput) => updateOwner(merchantID, ownerID, input),
    onSuccess: async (owner) => {
      queryClient.setQueryData(getOwnerQueryOptions(merchantID, ownerID).queryKey, owner);
      await refresh();
    },
  });
}

export function useDeleteOwner(merchantID: string, ownerID: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshOwners(merchantID);
  return useMutation({
    mutationFn: () => deleteOwner(merchantID, ownerID),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: getOwnerQueryOptions(merchantID, ownerID).queryKey });
      await refresh();
    },
  });
}
