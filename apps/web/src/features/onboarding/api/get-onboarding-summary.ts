import { onboardingEndpoints } from '@paydesk/domain/onboarding/onboarding.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /merchants/:id/onboarding_summary/ */
export function getOnboardingSummary(merchantID: string, signal?: AbortSignal) {
  return api.call(onboardingEndpoints.summary, { params: { id: merchantID } }, { signal });
}

export function getOnboardingSummaryQueryOptions(merchantID: string) {
  return queryOptions({
    queryKey: ['onboarding-summary', merchantID],
    queryFn: ({ signal }) => getOnboardingSummary(merchantID, signal),
  });
}

export function useOnboardingSummary(merchantID: string) {
  return useQuery(getOnboardingSummaryQueryOptions(merchantID));
}
