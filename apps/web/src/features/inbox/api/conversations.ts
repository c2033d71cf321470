// The inbox's conversations (issue 21 item 8): the list (page_size 25, `next`, search and the location filter),
// marking one read, and the compose picker's customer accounts.

import { INBOX_PAGE_SIZE } from '@paydesk/domain/constants';
import { inboxEndpoints } from '@paydesk/domain/messaging/inbox.contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type InboxListParams = { search: string; location: string };

/** GET /merchants/:id/inbox/: pages of 25, the next asked for while `next` says there is one (infinite scroll). */
export function useInboxList(merchantID: string, { search, location }: InboxListParams) {
  return useInfiniteQuery({
    queryKey: queryKeys.inbox.list(merchantID, { search, location }),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        inboxEndpoints.list,
        {
          params: { id: merchantID },
          query: { page: pageParam, page_size: INBOX_PAGE_SIZE, search: search || undefined, location },
        },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) => (last.next ? page + 1 : undefined),
    enabled: merchantID !== '',
  });
}

/**
 * POST /merchants/:id/inbox/:cid/read/ through the newest message the pane shows: a reply that arrived after it stays
 * unread. The list's unread counts are read again.
 */
export function useMarkConversationRead(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerID, throughMessage }: { customerID: string; throughMessage: string }) =>
      api.call(inboxEndpoints.markRead, {
        params: { id: merchantID, cid: customerID },
        body: { through_message: throughMessage },
      }),
    onSuccess: (entry, { customerID }) => {
      queryClient.setQueryData(queryKeys.inbox.entry(merchantID, customerID), entry);
      return queryClient.invalidateQueries({ queryKey: queryKeys.inbox.lists(merchantID) });
    },
  });
}

/** GET /merchants/:id/inbox/:cid/: the open conversation's entry (whether a reply waits for an opt-out review). */
export function useInboxEntry(merchantID: string, customerID: string) {
  return useQuery({
    queryKey: queryKeys.inbox.entry(merchantID, customerID),
    queryFn: ({ signal }) =>
      api.call(inboxEndpoints.retrieve, { params: { id: merchantID, cid: customerID } }, { signal }),
    enabled: merchantID !== '' && customerID !== '',
  });
}

/**
 * POST /merchants/:id/inbox/:cid/opt_out_flag/: `confirm` opts the customer out of texts, `dismiss` leaves consent as
 * it is. Either clears the flag: the conversation (its messages' flags, its entry), the list's badge and the
 * customer-replies queue are read again, and after `confirm` the customer (their opt-in and consent history).
 */
export function useReviewOptOutFlag(merchantID: string, customerID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'confirm' | 'dismiss') =>
      api.call(inboxEndpoints.reviewOptOutFlag, { params: { id: merchantID, cid: customerID }, body: { action } }),
    onSuccess: (entry, action) => {
      queryClient.setQueryData(queryKeys.inbox.entry(merchantID, customerID), entry);
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all(merchantID) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.messageQueues.replies(merchantID) });
      if (action === 'confirm') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.customers.one(merchantID, customerID) });
      }
    },
  });
}

/** POST /merchants/:id/customer_accounts/: the compose picker's customers with their accounts, searched. */
export function useCustomerAccounts(merchantID: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.inbox.customerAccounts(merchantID, search),
    queryFn: ({ signal }) =>
      api.call(
        inboxEndpoints.customerAccounts,
        { params: { id: merchantID }, body: { search: search || undefined, page: 1, page_size: INBOX_PAGE_SIZE } },
        { signal },
      ),
    enabled: enabled && merchantID !== '',
  });
}
