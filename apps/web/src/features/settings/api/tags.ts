import {
  accountTagEndpoints,
  type AccountTagInput,
  type accountTagListQuery,
} from '@paydesk/domain/tags/tags.contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type TagListParams = {
  page: number;
  pageSize: number;
  search?: string;
  ordering?: z.output<typeof accountTagListQuery>['ordering'];
};

/** GET /merchants/:id/account-tags/ (anyone with a role on the merchant). */
export function getTags(merchantID: string, { page, pageSize, search, ordering }: TagListParams) {
  return api.call(accountTagEndpoints.list, {
    params: { id: merchantID },
    query: { page, page_size: pageSize, ordering, ...(search ? { search } : {}) },
  });
}

/** GET /merchants/:id/account-tags/ for the Settings list. */
export function getTagsQueryOptions(merchantID: string, params: TagListParams) {
  return queryOptions({
    queryKey: queryKeys.tags.list(merchantID, params),
    queryFn: () => getTags(merchantID, params),
    placeholderData: keepPreviousData,
  });
}

export function useTags(merchantID: string, params: TagListParams) {
  return useQuery(getTagsQueryOptions(merchantID, params));
}

/** Tag changes show in the tag lists, the customer forms' tag pickers and the activity log. */
function useInvalidateTags(merchantID: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.tags.all(merchantID) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.activity.all(merchantID) }),
    ]);
}

/** POST /merchants/:id/account-tags/ (super_admin, admin). */
export function useCreateTag(merchantID: string) {
  const invalidate = useInvalidateTags(merchantID);
  return useMutation({
    mutationFn: (input: AccountTagInput) =>
      api.call(accountTagEndpoints.create, { params: { id: merchantID }, body: input }),
    onSuccess: invalidate,
  });
}

/** PUT /merchants/:id/account-tags/:tagId/ (super_admin, admin). */
export function useRenameTag(merchantID: string) {
  const invalidate = useInvalidateTags(merchantID);
  return useMutation({
    mutationFn: ({ tagID, input }: { tagID: string; input: AccountTagInput }) =>
      api.call(accountTagEndpoints.replace, { params: { id: merchantID, tagId: tagID }, body: input }),
    onSuccess: invalidate,
  });
}

/** DELETE /merchants/:id/account-tags/:tagId/ (super_admin, admin): accounts lose the tag too. */
export function useDeleteTag(merchantID: string) {
  const invalidate = useInvalidateTags(merchantID);
  return useMutation({
    mutationFn: (tagID: string) => api.call(accountTagEndpoints.remove, { params: { id: merchantID, tagId: tagID } }),
    onSuccess: invalidate,
  });
}
