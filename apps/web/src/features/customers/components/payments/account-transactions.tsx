import { Badge, Button, Group, Text } from '@mantine/core';
import { formatDateTime } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import type { AccountTransaction } from '@paydesk/domain/payments/payments.contract';
import { findMostRecentPayment } from '@paydesk/domain/payments/recent-payment';
import { useState } from 'react';
import { type DataColumn } from '../../../../components/data-table';
import { AccountSection, AccountTable } from './account-section';
import { TRANSACTIONS_PAGE_SIZE, useAccountTransactions } from '../../api/payments';

const STATUS_COLORS: Record<AccountTransaction['status'], string> = {
  PENDING: 'yellow',
  PAID: 'teal',
  FAILED: 'red',
  RETURNED: 'red',
  PARTIALLY_REFUNDED: 'orange',
  REFUNDED: 'gray',
  VOIDED: 'gray',
  REFUND: 'grape',
};

const statusWords = (status: AccountTransaction['status']) =>
  status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' ');

/** An account's payments, refunds and voids, newest first, with the receipt and (for those allowed) Refund. */
export function AccountTransactions({
  merchantID,
  customerID,
  accountID,
  timeZone,
  canRefund,
  onOpenReceipt,
  onRefund,
}: {
  merchantID: string;
  customerID: string;
  accountID: string;
  timeZone: string | undefined;
  canRefund: boolean;
  onOpenReceipt: (paymentID: string) => void;
  onRefund: (paymentID: string) => void;
}) {
  const [page, setPage] = useState(1);
  const transactions = useAccountTransactions(merchantID, customerID, accountID, page);
  const rows = transactions.data?.results ?? [];
  const recent = page === 1 && timeZone ? findMostRecentPayment(rows, new Date(), timeZone) : null;

  const columns: DataColumn<AccountTransaction>[] = [
    { key: 'created', label: 'Date', primary: true, render: (row) => formatDateTime(row.created, { timeZone }) },
    {
      key: 'status',
      label: 'Status',
      render: (row) => (
        <Badge variant="light" color={STATUS_COLORS[row.status]}>
          {statusWords(row.status)}
        </Badge>
      ),
    },
    { key: 'amount', label: 'Amount', render: (row) => formatMoney(row.amount) },
    { key: 'methods', label: 'Paid with', render: (row) => row.methods.join(', ') || '—' },
    { key: 'by', label: 'By', render: (row) => row.created_by_name },
    {
      key: 'actions',
      label: 'Actions',
      render: (row) =>
        row.kind === 'payment' ? (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="default" onClick={() => onOpenReceipt(row.payment.id)}>
              Receipt
            </Button>
            {canRefund && (row.status === 'PAID' || row.status === 'PARTIALLY_REFUNDED') && (
              <Button size="compact-xs" variant="light" color="red" onClick={() => onRefund(row.payment.id)}>
                Refund
              </Button>
            )}
          </Group>
        ) : null,
    },
  ];

  return (
    <AccountSection
      title="Transactions"
      actions={
        recent && (
          <Text size="sm" c="dimmed">
            {`Most recent payment today: ${formatMoney(recent.amount)}`}
          </Text>
        )
      }
      query={transactions}
      loadingLabel="Loading transactions"
      errorTitle="Transactions could not be loaded"
    >
      {(data) => (
        <AccountTable
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          empty="No payments yet."
          pager={{ page, pageSize: TRANSACTIONS_PAGE_SIZE, count: data.count, onPageChange: setPage }}
        />
      )}
    </AccountSection>
  );
}
