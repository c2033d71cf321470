import { paymentEndpoints } from '@paydesk/domain/payments/payments.contract';
import {
  customerEndpoints,
  type customerListQuery,
  type CustomerListQuery,
} from '@paydesk/domain/customers/customers.contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type CustomerOrdering = z.output<typeof customerListQuery>['ordering'];

/** What the customers list asks for: the URL's list state and filters. */
export type CustomerListParams = {
  page: number;
  pageSize: number;
  ordering?: CustomerOrdering;
  search?: string;
  location?: string;
  status?: CustomerListQuery['status'];
  tag?: string;
};

function toQuery(params: CustomerListParams) {
  return {
    page: params.page,
    page_size: params.pageSize,
    ordering: params.ordering,
    search: params.search || undefined,
    location: params.location || undefined,
    status: params.status || undefined,
    tag: params.tag || undefined,
  };
}

/**
 * GET /merchants/:id/customers/ for a merchant, or GET /customers/ across the user's merchants when there is none in
 * the path.
 */
export function getCustomersQueryOptions(merchantID: string | undefined, params: CustomerListParams) {
  return queryOptions({
    queryKey: queryKeys.customers.list(merchantID, params),
    queryFn: () =>
      merchantID
        ? api.call(customerEndpoints.list, { params: { id: merchantID }, query: toQuery(params) })
        : api.call(customerEndpoints.listAll, { query: toQuery(params) }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(merchantID: string | undefined, params: CustomerListParams) {
  return useQuery(getCustomersQueryOptions(merchantID, params));
}

/** GET /merchants/:id/customers/recently_viewed/ */
export function useRecentlyViewed(merchantID: string | undefined) {
  return useQuery({
    queryKey: queryKeys.customers.recent(merchantID),
    queryFn: () => api.call(customerEndpoints.recentlyViewed, { params: { id: merchantID ?? '' } }),
    enabled: Boolean(merchantID),
  });
}

/** GET /merchants/:id/customers/:cid/?checkIntegration=true (SPEC §7: followed by POST update_last_viewed). */
export function getCustomerQueryOptions(merchantID: string, customerID: string) {
  return queryOptions({
    queryKey: queryKeys.customers.detail(merchantID, customerID),
    queryFn: () =>
      api.call(customerEndpoints.get, {
        params: { id: merchantID, customerId: customerID },
        query: { checkIntegration: 'true' },
      }),
  });
}

export function useCustomer(merchantID: string, customerID: string) {
  return useQuery(getCustomerQueryOptions(merchantID, customerID));
}

/** POST /merchants/:id/customers/:cid/update_last_viewed/ */
export function markViewed(merchantID: string, customerID: string) {
  return api.call(customerEndpoints.updateLastViewed, { params: { id: merchantID, customerId: customerID } });
}

const DETAIL_PAGE = { page: 1, page_size: 100 };

/** GET …/history/ (newest first). */
export function useCustomerHistory(merchantID: string, customerID: string, page = 1) {
  return useQuery({
    queryKey: queryKeys.customers.history(merchantID, customerID, page),
    queryFn: () =>
      api.call(customerEndpoints.history, {
        params: { id: merchantID, customerId: customerID },
        query: { ...DETAIL_PAGE, page },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET …/notes/ (newest first). */
export function useCustomerNotes(merchantID: string, customerID: string) {
  return useQuery({
    queryKey: queryKeys.customers.notes(merchantID, customerID),
    queryFn: () =>
      api.call(customerEndpoints.notes, { params: { id: merchantID, customerId: customerID }, query: DETAIL_PAGE }),
  });
}

/** GET …/payment_methods/ */
export function usePaymentMethods(merchantID: string, customerID: string) {
  return useQuery({
    queryKey: queryKeys.customers.paymentMethods(merchantID, customerID),
    queryFn: () => api.call(paymentEndpoints.listMethods, { params: { id: merchantID, customerId: customerID } }),
    enabled: Boolean(merchantID && customerID),
  });
}
