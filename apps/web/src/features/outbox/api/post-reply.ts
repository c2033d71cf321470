import { devEndpoints, type OutboxReplyInput } from '@paydesk/domain/dev/dev.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /dev/outbox/inbound/: a customer's text reply, through the inbound path a provider's webhook takes (super
 * users, while the outbox sends texts). The outbox is read again after, for any keyword answer the reply got.
 */
export function usePostOutboxReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OutboxReplyInput) => api.call(devEndpoints.inbound, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.outbox() }),
  });
}
