// The dashboard's message queues (issue 21 item 10): customers' unread replies with "mark read" (the inbox's own
// endpoint), and missed texts with a resend (an Idempotency-Key made once per confirmed resend, so a double click or
// a retry after a lost answer sends once) and a dismiss.

import { inboxEndpoints } from '@paydesk/domain/messaging/inbox.contract';
import { MESSAGE_QUEUE_PAGE_SIZE, messageQueueEndpoints } from '@paydesk/domain/messaging/message-queues.contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /merchants/:id/customer_replies/ (the conversation waiting longest first) */
export function useCustomerReplies(merchantID: string, page: number) {
  return useQuery({
    queryKey: queryKeys.messageQueues.replies(merchantID, page),
    queryFn: () =>
      api.call(messageQueueEndpoints.customerReplies, {
        params: { id: merchantID },
        query: { page, page_size: MESSAGE_QUEUE_PAGE_SIZE },
      }),
    enabled: Boolean(merchantID),
    placeholderData: keepPreviousData,
  });
}

/** POST /merchants/:id/inbox/:cid/read/ through the newest reply listed (one that arrived since stays unread). */
export function useMarkRead(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerID, throughMessage }: { customerID: string; throughMessage?: string }) =>
      api.call(inboxEndpoints.markRead, {
        params: { id: merchantID, cid: customerID },
        body: throughMessage ? { through_message: throughMessage } : {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.messageQueues.replies(merchantID) }),
  });
}

/** GET /merchants/:id/missed_messages/ (newest first) */
export function useMissedMessages(merchantID: string, page: number) {
  return useQuery({
    queryKey: queryKeys.messageQueues.missed(merchantID, page),
    queryFn: () =>
      api.call(messageQueueEndpoints.missedMessages, {
        params: { id: merchantID },
        query: { page, page_size: MESSAGE_QUEUE_PAGE_SIZE },
      }),
    enabled: Boolean(merchantID),
    placeholderData: keepPreviousData,
  });
}

/** POST /merchants/:id/missed_messages/:mid/resend/ */
export function useResendMessage(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageID, idempotencyKey }: { messageID: string; idempotencyKey: string }) =>
      api.call(
        messageQueueEndpoints.resend,
        { params: { id: merchantID, mid: messageID } },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.messageQueues.missed(merchantID) }),
  });
}

/** POST /merchants/:id/missed_messages/:mid/dismiss/ */
export function useDismissMessage(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageID: string) =>
      api.call(messageQueueEndpoints.dismiss, { params: { id: merchantID, mid: messageID } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.messageQueues.missed(merchantID) }),
  });
}
