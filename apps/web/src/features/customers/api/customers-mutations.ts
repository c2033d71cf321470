import { accountEndpoints } from '@paydesk/domain/customers/accounts.contract';
import {
  customerEndpoints,
  type AccountPatchInput,
  type AddCoBorrowerInput,
  type ConsentChangeInput,
  type CreateCustomerInput,
  type Customer,
  type CustomerPatchInput,
  type NoteInput,
} from '@paydesk/domain/customers/customers.contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { getCustomerQueryOptions } from './customers-queries';

/**
 * A change to one customer: its detail takes the answer, its other views and the lists reload. A change answers no
 * FreshBooks check, so the detail keeps the one it was read with.
 */
async function refreshCustomer(queryClient: QueryClient, merchantID: string, customerID: string, customer?: Customer) {
  if (customer) {
    queryClient.setQueryData(getCustomerQueryOptions(merchantID, customerID).queryKey, (read) =>
      customer.integration_sync || !read?.integration_sync
        ? customer
        : { ...customer, integration_sync: read.integration_sync },
    );
  }
  await queryClient.invalidateQueries({
    queryKey: queryKeys.customers.all(),
    predicate: (query) =>
      !customer || query.queryKey.join('/') !== getCustomerQueryOptions(merchantID, customerID).queryKey.join('/'),
  });
}

/** POST /merchants/:id/customers/ (customerUpdate; not for integrated merchants). */
export function useCreateCustomer(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCustomerInput) =>
      api.call(customerEndpoints.create, { params: { id: merchantID }, body: input }),
    onSuccess: async (customer) => {
      queryClient.setQueryData(getCustomerQueryOptions(merchantID, customer.id).queryKey, customer);
      await queryClient.invalidateQueries({ queryKey: queryKeys.customers.lists() });
    },
  });
}

/** PATCH /merchants/:id/customers/:cid/ */
export function useUpdateCustomer(merchantID: string, customerID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerPatchInput) =>
      api.call(customerEndpoints.update, { params: { id: merchantID, customerId: customerID }, body: input }),
    onSuccess: (customer) => refreshCustomer(queryClient, merchantID, customerID, customer),
  });
}

/** PATCH /merchants/:id/customers/:cid/accounts/:aid/ */
export function useUpdateAccount(merchantID: string, customerID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountID, input }: { accountID: string; input: AccountPatchInput }) =>
      api.call(accountEndpoints.update, {
        params: { id: merchantID, customerId: customerID, accountId: accountID },
        body: input,
      }),
    onSuccess: (customer) => refreshCustomer(queryClient, merchantID, customerID, customer),
  });
}

/** POST …/consent/: an opt-in turned on or off with the words the user affirmed. */
export function useChangeConsent(merchantID: string, customerID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsentChangeInput) =>
      api.call(customerEndpoints.changeConsent, { params: { id: merchantID, customerId: customerID }, body: input }),
    onSuccess: (customer) => refreshCustomer(queryClient, merchantID, customerID, customer),
  });
}

/** DELETE /merchants/:id/customers/:cid/ (voids; history kept). */
export function useRemoveCustomer(merchantID: string, customerID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(customerEndpoints.remove, { params: { id: merchantID, customerId: customerID } }),
    onSuccess: () => refreshCustomer(queryClient, merchantID, customerID),
  });
}

/** POST …/notes/ (any user of the merchant). */
export function useAddNote(merchantID: string, customerID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NoteInput) =>
      api.call(customerEndpoints.addNote, { params: { id: merchantID, customerId: customerID }, body: input }),
    onSuccess: () => refreshCustomer(queryClient, merchantID, customerID),
  });
}

/** PATCH …/notes/:noteId/ (noteUpdate; the author or an administrator). */
export function useEditNote(merchantID: string, customerID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteID, input }: { noteID: string; input: NoteInput }) =>
      api.call(customerEndpoints.editNote, {
        params: { id: merchantID, customerId: customerID, noteId: noteID },
        body: input,
      }),
    onSuccess: () => refreshCustomer(queryClient, merchantID, customerID),
  });
}

/** DELETE …/notes/:noteId/ (noteUpdate; the author or an administrator). */
export function useDeleteNote(merchantID: string, customerID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteID: string) =>
      api.call(customerEndpoints.deleteNote, { params: { id: merchantID, customerId: customerID, noteId: noteID } }),
    onSuccess: () => refreshCustomer(queryClient, merchantID, customerID),
  });
}

/** POST …/accounts/:aid/customers/: an existing customer (customer_id) or a new one (customer). */
export function useAddCoBorrower(merchantID: string, customerID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountID, input }: { accountID: string; input: AddCoBorrowerInput }) =>
      api.call(accountEndpoints.addCoBorrower, {
        params: { id: merchantID, customerId: customerID, accountId: accountID },
        body: input,
      }),
    onSuccess: () => refreshCustomer(queryClient, merchantID, customerID),
  });
}

/** DELETE …/accounts/:aid/customers/:coBorrowerId/ */
export function useRemoveCoBorrower(merchantID: string, customerID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountID, coBorrowerID }: { accountID: string; coBorrowerID: string }) =>
      api.call(accountEndpoints.removeCoBorrower, {
        params: { id: merchantID, customerId: customerID, accountId: accountID, coBorrowerId: coBorrowerID },
      }),
    onSuccess: () => refreshCustomer(queryClient, merchantID, customerID),
  });
}
