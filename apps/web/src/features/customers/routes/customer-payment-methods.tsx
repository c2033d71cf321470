import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { PaymentMethod } from '@paydesk/domain/payments/payments.contract';
import { formatDate } from '@paydesk/domain/format/date';
import { formatPaymentMethodLabel } from '@paydesk/domain/format/payment-method';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { QueryState } from '../../../components/query-state';
import { usePaymentMethods } from '../api/customers-queries';
import { useRemovePaymentMethod } from '../api/payments';
import { AddPaymentMethodModal, type MethodKind } from '../components/payments/add-payment-method-modal';
import { useCustomerContext, type CustomerContext } from '../hooks/customer-context';

const TYPE_LABELS: Record<PaymentMethod['payment_type'], string> = {
  CREDIT: 'Credit card',
  DEBIT: 'Debit card',
  bank: 'Bank account',
};

/** The customer's payment methods: nickname plus the last 8 of the masked number (SPEC §3). */
export function CustomerPaymentMethodsRoute({ context }: { context?: CustomerContext }) {
  const { merchantID, customer } = useCustomerContext(context);
  const timeZone = useMerchantTimeZone(merchantID);
  const methods = usePaymentMethods(merchantID, customer.id);
  const remove = useRemovePaymentMethod(merchantID, customer.id);
  const [adding, setAdding] = useState<MethodKind | null>(null);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  // Any role on the merchant saves and removes methods (SPEC §6, as taking payments); not on a removed customer.
  const mayChange = !customer.removed;

  const columns: DataColumn<PaymentMethod>[] = [
    { key: 'label', label: 'Payment method', primary: true, render: (row) => formatPaymentMethodLabel(row) || '—' },
    {
      key: 'type',
      label: 'Type',
      render: (row) => (
        <Badge variant="light" color="gray">
          {TYPE_LABELS[row.payment_type]}
        </Badge>
      ),
    },
    { key: 'card_type', label: 'Card', render: (row) => row.card_type ?? '—' },
    { key: 'created', label: 'Added', render: (row) => formatDate(row.created, { timeZone }) },
    ...(mayChange
      ? [
          {
            key: 'remove',
            label: 'Actions',
            render: (row: PaymentMethod) => (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => setRemoving(row)}
                aria-label={`Remove ${row.label}`}
              >
                Remove
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        {mayChange && (
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAdding('card')}>
              Add card
            </Button>
            <Button variant="default" onClick={() => setAdding('bank')}>
              Add bank account
            </Button>
          </Group>
        )}
        {!methods.data ? (
          <QueryState
            error={methods.error}
            loadingLabel="Loading payment methods"
            errorTitle="Payment methods could not be loaded"
          />
        ) : methods.data.results.length === 0 ? (
          <Text c="dimmed">No payment methods.</Text>
        ) : (
          <DataTable columns={columns} rows={methods.data.results} rowKey={(row) => row.id} minWidth={560} />
        )}
      </Stack>
      <AddPaymentMethodModal
        merchantID={merchantID}
        merchantName={customer.merchant.name}
        customerID={customer.id}
        kind={adding}
        onClose={() => setAdding(null)}
      />
      <ConfirmModal
        opened={removing !== null}
        title="Remove payment method"
        confirmLabel="Remove"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              notifySuccess(`${removing.label} removed`);
              setRemoving(null);
            },
          })
        }
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
      >
        {`Remove ${removing?.label ?? ''}? Past payments still name it.`}
      </ConfirmModal>
    </Paper>
  );
}
