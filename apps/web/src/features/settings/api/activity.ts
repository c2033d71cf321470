import { activityEndpoints } from '@paydesk/domain/audit/audit.contract';
import type { AuditKind } from '@paydesk/domain/audit/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ActivityParams = { page: number; pageSize: number; actor?: string; kind?: AuditKind };

/** GET /merchants/:id/activity/ (super_admin, admin): newest first. */
export function getActivity(merchantID: string, { page, pageSize, actor, kind }: ActivityParams) {
  return api.call(activityEndpoints.list, {
    params: { id: merchantID },
    query: { page, page_size: pageSize, ...(actor ? { actor } : {}), ...(kind ? { kind } : {}) },
  });
}

export function getActivityQueryOptions(merchantID: string, params: ActivityParams) {
  return queryOptions({
    queryKey: queryKeys.activity.list(merchantID, params),
    queryFn: () => getActivity(merchantID, params),
    placeholderData: keepPreviousData,
    // Users, roles and settings change elsewhere: the log is read afresh each time it is opened.
    staleTime: 0,
  });
}

export function useActivity(merchantID: string, params: ActivityParams) {
  return useQuery(getActivityQueryOptions(merchantID, params));
}

/** GET /merchants/:id/activity/actors/: the people in the log, for the person filter. */
export function useActivityActors(merchantID: string) {
  return useQuery({
    queryKey: queryKeys.activity.actors(merchantID),
    queryFn: () => api.call(activityEndpoints.actors, { params: { id: merchantID } }),
    staleTime: 0,
  });
}
