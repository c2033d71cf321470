import { onboardingEndpoints } from '@paydesk/domain/onboarding/onboarding.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /merchants/:id/onboarding_summary/ */
export function getOnboardingSummary(merchantID: string) {
  return api.call(onboardingEndpoints.summary, { params: { id: merchantID } });
}

export function getOnboardingSummaryQueryOptions(merchantID: string) {
  return queryOptions({
    queryKey: queryKeys.onboarding.summary(merchantID),
    queryFn: () => getOnboardingSummary(merchantID),
  });
}

export function useOnboardingSummary(merchantID: string) {
  return useQuery(getOnboardingSummaryQueryOptions(merchantID));
}
