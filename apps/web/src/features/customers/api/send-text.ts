// Texts from the money screens (issue 21 item 11): the receipt modal's "Text receipt" (the THANKS template) and the
// payment link's "Text it", through the one send path (send_message), with its consent and do-not-contact checks.

import { messagingEndpoints } from '@paydesk/domain/messaging/messaging.contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SendTextInput = { customer: string; message?: string; template?: 'THANKS' };

/** POST /merchants/:id/accounts/:aid/send_message/, with an Idempotency-Key made once per send. */
export function useSendText(merchantID: string) {
  return useMutation({
    mutationFn: ({
      accountID,
      input,
      idempotencyKey,
    }: {
      accountID: string;
      input: SendTextInput;
      idempotencyKey: string;
    }) =>
      api.call(
        messagingEndpoints.send,
        { params: { id: merchantID, accountId: accountID }, body: input },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
  });
}

/** What a sent text's answer says to the user: sent, or sent outside the customer's texting hours. */
export function sentTextNotice(answer: Record<string, { outside_send_window: boolean }>, what: string): string {
  const outside = Object.values(answer).some((message) => message.outside_send_window);
  return outside ? `${what} sent. It is outside the customer's texting hours.` : `${what} sent.`;
}
