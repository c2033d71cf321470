// What the inbox shows beside the chat (issue 21 item 8): the customer with their accounts (amount due, due date,
// autopay), each account's open promise and last payment, the merchant's active templates for the template-only
// composer with their preview for this customer and account, and a payment link for the composer.

import { customerEndpoints } from '@paydesk/domain/customers/customers.contract';
import { RECENT_PAYMENT_LOOKUP } from '@paydesk/domain/constants';
import { inboxEndpoints } from '@paydesk/domain/messaging/inbox.contract';
import { paymentLinkEndpoints } from '@paydesk/domain/payment-links/payment-links.contract';
import { paymentEndpoints } from '@paydesk/domain/payments/payments.contract';
import { promiseEndpoints } from '@paydesk/domain/promises/promises.contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /merchants/:id/customers/:cid/ (the same query the customer screens read). */
export function useInboxCustomer(merchantID: string, customerID: string | null) {
  return useQuery({
    queryKey: queryKeys.customers.detail(merchantID, customerID ?? ''),
    queryFn: () =>
      api.call(customerEndpoints.get, {
        params: { id: merchantID, customerId: customerID ?? '' },
        query: { checkIntegration: 'true' },
      }),
    enabled: merchantID !== '' && Boolean(customerID),
  });
}

/** GET /merchants/:id/accounts/:aid/promises/: only those still ahead, soonest first; the first is the open one. */
export function useOpenPromise(merchantID: string, accountID: string) {
  return useQuery({
    queryKey: queryKeys.promises.account(merchantID, accountID),
    queryFn: () =>
      api.call(promiseEndpoints.listOfAccount, {
        params: { id: merchantID, accountId: accountID },
        query: { page: 1, page_size: 50 },
      }),
    select: (page) => page.results.find((promise) => promise.outcome === 'open') ?? null,
  });
}

/** The account's newest PAID payment among its first 50 transactions (SPEC §5's lookup size). */
export function useLastPayment(merchantID: string, customerID: string, accountID: string) {
  return useQuery({
    queryKey: queryKeys.payments.lastPayment(merchantID, accountID),
    queryFn: () =>
      api.call(paymentEndpoints.accountTransactions, {
        params: { id: merchantID, customerId: customerID, accountId: accountID },
        query: { page: 1, page_size: RECENT_PAYMENT_LOOKUP },
      }),
    select: (page) => page.results.find((row) => row.status === 'PAID') ?? null,
  });
}

/**
 * GET /merchants/:id/inbox/:cid/templates/?account=: the merchant's active templates a user without free typing may
 * send (SPEC §6), each with its text rendered for this customer and account as a preview. The server renders the
 * text again when it is sent (with a real payment link), so only the template's id is sent.
 */
export function useInboxTemplates(merchantID: string, customerID: string, accountID: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.inbox.templates(merchantID, customerID, accountID ?? ''),
    queryFn: ({ signal }) =>
      api.call(
        inboxEndpoints.templates,
        { params: { id: merchantID, cid: customerID }, query: { account: accountID ?? '' } },
        { signal },
      ),
    select: (page) => page.results,
    enabled: enabled && merchantID !== '' && Boolean(accountID),
  });
}

/** POST /merchants/:id/accounts/:aid/payment_link/ (not emailed: the link goes into the composer). */
export function useIssuePaymentLink(merchantID: string) {
  return useMutation({
    mutationFn: ({ accountID, customerID }: { accountID: string; customerID: string }) =>
      api.call(paymentLinkEndpoints.create, {
        params: { id: merchantID, accountId: accountID },
        body: { customer_id: customerID, send_email: false },
      }),
  });
}
