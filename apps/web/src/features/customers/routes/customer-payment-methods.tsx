import { Badge, Paper, Text } from '@mantine/core';
import type { PaymentMethod } from '@paydesk/domain/payments/payments.contract';
import { formatDate } from '@paydesk/domain/format/date';
import { formatPaymentMethodLabel } from '@paydesk/domain/format/payment-method';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { QueryState } from '../../../components/query-state';
import { usePaymentMethods } from '../api/customers-queries';
import { useCustomerContext, type CustomerContext } from '../hooks/customer-context';

const TYPE_LABELS: Record<PaymentMethod['payment_type'], string> = {
  CREDIT: 'Credit card',
  DEBIT: 'Debit card',
  bank: 'Bank account',
};

/** The customer's payment methods: nickname plus the last 8 of the masked number (SPEC §3). */
export function CustomerPaymentMethodsRoute({ context }: { context?: CustomerContext }) {
  const { merchantID, customer } = useCustomerContext(context);
  const methods = usePaymentMethods(merchantID, customer.id);

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
    { key: 'created', label: 'Added', render: (row) => formatDate(row.created) },
  ];

  return (
    <Paper withBorder p="lg">
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
    </Paper>
  );
}
