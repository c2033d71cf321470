import { onboardingEndpoints, type BusinessDetailsInput } from '@paydesk/domain/onboarding/onboarding.contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getOnboardingSummaryQueryOptions } from './get-onboarding-summary';
import { queryKeys } from '../../../lib/query-keys';

/** GET /merchants/:id/business_details/ (blank until first saved). */
export function getBusinessDetails(merchantID: string) {
  return api.call(onboardingEndpoints.businessDetails, { params: { id: merchantID } });
}

export function getBusinessDetailsQueryOptions(merchantID: string) {
  return queryOptions({
    queryKey: queryKeys.onboarding.businessDetails(merchantID),
    queryFn: () => getBusinessDetails(merchantID),
  });
}

export function useBusinessDetails(merchantID: string) {
  return useQuery(getBusinessDetailsQueryOptions(merchantID));
}

/** PUT /merchants/:id/business_details/ (super_admin, admin); a blank EIN keeps the stored one. */
export function saveBusinessDetails(merchantID: string, input: BusinessDetailsInput) {
  return api.call(onboardingEndpoints.saveBusinessDetails, { params: { id: merchantID }, body: input });
}

export function useSaveBusinessDetails(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BusinessDetailsInput) => saveBusinessDetails(merchantID, input),
    onSuccess: async (details) => {
      queryClient.setQueryData(getBusinessDetailsQueryOptions(merchantID).queryKey, details);
      await queryClient.invalidateQueries({ queryKey: getOnboardingSummaryQueryOptions(merchantID).queryKey });
    },
  });
}
