// A customer's conversation (issue 21 item 8): its messages (newest first from the API, 25 a page), sending a text
// or attachment, and reading an attachment with the user's token (the media route needs it, so no plain <img src>).

import { CHAT_PAGE_SIZE } from '@paydesk/domain/constants';
import { inboxEndpoints } from '@paydesk/domain/messaging/inbox.contract';
import { messagingEndpoints } from '@paydesk/domain/messaging/messaging.contract';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { readAuthHooks } from '../../../lib/auth-hooks';
import { queryKeys } from '../../../lib/query-keys';

/** GET /merchants/:id/customers/:cid/messages/: page 1 is the newest 25; earlier pages on demand. */
export function useConversation(merchantID: string, customerID: string | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.inbox.thread(merchantID, customerID ?? ''),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        messagingEndpoints.list,
        {
          params: { id: merchantID, customerId: customerID ?? '' },
          query: { page: pageParam, page_size: CHAT_PAGE_SIZE },
        },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) => (last.next ? page + 1 : undefined),
    enabled: merchantID !== '' && Boolean(customerID),
  });
}

export type SendInput = {
  accountID: string;
  customer: string;
  message: string;
  /** A template's id: the server renders it for the customer and account and sends that instead of `message`. */
  template?: string;
  file_url?: string;
  content_type?: string;
};

/** POST /merchants/:id/accounts/:aid/send_message/ with a fresh Idempotency-Key; answers the queued message. */
export function useSendMessage(merchantID: string) {
  return useMutation({
    mutationFn: async ({ accountID, ...body }: SendInput) => {
      const answer = await api.call(
        messagingEndpoints.send,
        { params: { id: merchantID, accountId: accountID }, body },
        { headers: { 'Idempotency-Key': crypto.randomUUID() } },
      );
      const message = answer[body.customer] ?? Object.values(answer)[0];
      if (!message) throw new Error('The send answer held no message.');
      return message;
    },
  });
}

/** POST /merchants/:id/upload_media/ (multipart `file`): the stored attachment's path for send_message. */
export function useUploadMedia(merchantID: string) {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.call(inboxEndpoints.uploadMedia, { params: { id: merchantID }, body: form as never });
    },
  });
}

/** An attachment's content as an object URL, fetched with the user's token; revoked when the query is dropped. */
export function useAttachmentUrl(url: string) {
  return useQuery({
    queryKey: queryKeys.inbox.media(url),
    queryFn: async ({ signal }) => {
      const token = readAuthHooks().getAccessToken?.();
      const response = await fetch(url, { signal, headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!response.ok) throw new ApiError(response.status, undefined);
      return URL.createObjectURL(await response.blob());
    },
    staleTime: Infinity,
  });
}
