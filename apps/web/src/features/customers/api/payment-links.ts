// Payment links (issue 19 items 6 and 7): issuing an account's single-use pay link for one of its customers,
// copied by the user or emailed to the customer. Nothing is cached: each issue voids the account's earlier link.

import { paymentLinkEndpoints } from '@paydesk/domain/payment-links/payment-links.contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /merchants/:id/accounts/:aid/payment_link/ */
export function useIssuePaymentLink(merchantID: string, accountID: string) {
  return useMutation({
    mutationFn: (input: { customer_id: string; send_email: boolean }) =>
      api.call(paymentLinkEndpoints.create, { params: { id: merchantID, accountId: accountID }, body: input }),
  });
}
