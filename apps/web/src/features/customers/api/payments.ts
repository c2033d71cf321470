// The money of an account as the customer screens use it: take a payment, its receipt, the account's transactions,
// refunds. Every money call carries an Idempotency-Key made once per confirmed action, so a retry of the same submit
// (a lost answer) charges or refunds once.

import { paymentEndpoints, type Payment } from '@paydesk/domain/payments/payments.contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type TakeInput = z.input<typeof paymentEndpoints.take.body>;
type RefundInput = z.input<typeof paymentEndpoints.refund.body>;
type AddMethodInput = z.input<typeof paymentEndpoints.addMethod.body>;
type MoveInput = z.input<typeof paymentEndpoints.move.body>;
type MiscInput = z.input<typeof paymentEndpoints.misc.body>;

const withKey = (idempotencyKey: string) => ({ headers: { 'Idempotency-Key': idempotencyKey } });

/** After money moved: the customer (amounts due, history) and the account's transactions read again. */
async function afterMoney(queryClient: QueryClient, merchantID: string, customerID: string, payment: Payment) {
  queryClient.setQueryData(queryKeys.payments.one(merchantID, payment.id), payment);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.customers.one(merchantID, customerID) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.customers.lists() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.payments.all(merchantID) }),
  ]);
}

/** POST /merchants/:id/accounts/:aid/payments/ */
export function useTakePayment(merchantID: string, customerID: string, accountID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: TakeInput; idempotencyKey: string }) =>
      api.call(
        paymentEndpoints.take,
        { params: { id: merchantID, accountId: accountID }, body: input },
        withKey(idempotencyKey),
      ),
    onSuccess: (payment) => afterMoney(queryClient, merchantID, customerID, payment),
  });
}

/** POST /merchants/:id/move_payment/: both accounts' amounts and transactions read again. */
export function useMovePayment(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: MoveInput; idempotencyKey: string }) =>
      api.call(paymentEndpoints.move, { params: { id: merchantID }, body: input }, withKey(idempotencyKey)),
    onSuccess: async (payment) => {
      queryClient.setQueryData(queryKeys.payments.one(merchantID, payment.id), payment);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.customers.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.payments.all(merchantID) }),
      ]);
    },
  });
}

/** POST /merchants/:id/misc_payments/ (a down payment or a one-off charge, on no account) */
export function useMiscPayment(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: MiscInput; idempotencyKey: string }) =>
      api.call(paymentEndpoints.misc, { params: { id: merchantID }, body: input }, withKey(idempotencyKey)),
    onSuccess: async (payment) => {
      queryClient.setQueryData(queryKeys.payments.one(merchantID, payment.id), payment);
      if (payment.customer) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.customers.one(merchantID, payment.customer) });
      }
    },
  });
}

/** POST /merchants/:id/refund_payment/ */
export function useRefundPayment(merchantID: string, customerID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: RefundInput; idempotencyKey: string }) =>
      api.call(paymentEndpoints.refund, { params: { id: merchantID }, body: input }, withKey(idempotencyKey)),
    onSuccess: (payment) => afterMoney(queryClient, merchantID, customerID, payment),
  });
}

/** GET /merchants/:id/payments/:pid/ (with its receipt) */
export function usePayment(merchantID: string, paymentID: string | null) {
  return useQuery({
    queryKey: queryKeys.payments.one(merchantID, paymentID ?? ''),
    queryFn: () => api.call(paymentEndpoints.get, { params: { id: merchantID, paymentId: paymentID ?? '' } }),
    enabled: Boolean(paymentID),
  });
}

/** POST /merchants/:id/payments/:pid/receipt/ */
export function useEmailReceipt(merchantID: string) {
  return useMutation({
    mutationFn: ({ paymentID, email }: { paymentID: string; email?: string }) =>
      api.call(paymentEndpoints.emailReceipt, {
        params: { id: merchantID, paymentId: paymentID },
        body: email ? { email } : {},
      }),
  });
}

export const TRANSACTIONS_PAGE_SIZE = 10;

/** GET …/customers/:cid/accounts/:aid/transactions/ (newest first) */
export function useAccountTransactions(merchantID: string, customerID: string, accountID: string, page: number) {
  return useQuery({
    queryKey: queryKeys.payments.accountTransactions(merchantID, accountID, page),
    queryFn: () =>
      api.call(paymentEndpoints.accountTransactions, {
        params: { id: merchantID, customerId: customerID, accountId: accountID },
        query: { page, page_size: TRANSACTIONS_PAGE_SIZE },
      }),
    enabled: Boolean(merchantID && customerID && accountID),
    placeholderData: keepPreviousData,
  });
}

/** GET /merchants/:id/bins/:bin/: the brand and funding of a card being typed (none for an unknown BIN). */
export function useBin(merchantID: string, bin: string | null) {
  return useQuery({
    queryKey: queryKeys.payments.bin(merchantID, bin ?? ''),
    queryFn: () => api.call(paymentEndpoints.bin, { params: { id: merchantID, bin: bin ?? '' } }),
    enabled: Boolean(merchantID && bin),
    staleTime: Infinity,
    retry: false,
  });
}

/** POST …/customers/:cid/payment_methods/ (a processor token; a bank account with its authorisation) */
export function useAddPaymentMethod(merchantID: string, customerID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddMethodInput) =>
      api.call(paymentEndpoints.addMethod, { params: { id: merchantID, customerId: customerID }, body: input }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.customers.paymentMethods(merchantID, customerID) }),
  });
}

/** DELETE …/customers/:cid/payment_methods/:pmid/ */
export function useRemovePaymentMethod(merchantID: string, customerID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (methodID: string) =>
      api.call(paymentEndpoints.removeMethod, {
        params: { id: merchantID, customerId: customerID, methodId: methodID },
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.customers.paymentMethods(merchantID, customerID) }),
  });
}
