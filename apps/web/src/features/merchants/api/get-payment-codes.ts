import { paymentCodeEndpoints } from '@paydesk/domain/merchants/payment-codes.contract';
import { PICKER_PAGE_SIZE } from '@paydesk/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /merchants/available_upc/ (super users): the first free payment codes, for the create form's picker. */
export function getAvailablePaymentCodes() {
  return api.call(paymentCodeEndpoints.available, { query: { page: 1, page_size: PICKER_PAGE_SIZE } });
}

export function useAvailablePaymentCodes(options: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.paymentCodes(),
    queryFn: () => getAvailablePaymentCodes(),
    enabled: options.enabled,
  });
}
