import { Alert, Anchor, Badge, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { FailedPayment } from '@paydesk/domain/failed-payments/failed-payments.contract';
import { formatDateTime } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import { AUTOMATIC_RETRY_AFTER_DAYS, MAX_AUTOMATIC_RETRIES } from '@paydesk/domain/payments/declines';
import type { PaymentOrigin } from '@paydesk/domain/payments/payments';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { type DataColumn } from '../../../components/data-table';
import { countOf, ListPage, ListSection } from '../../../components/list-page';
import { describeError, notifySuccess } from '../../../lib/notify';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { useRouteMerchantId } from '../../../lib/use-merchant-access';
import {
  FAILED_PAYMENTS_PAGE_SIZE,
  useCustomerMethods,
  useFailedPayments,
  useRetryFailedPayment,
} from '../api/failed-payments';

const ORIGIN_LABELS: Record<PaymentOrigin, string> = {
  staff: 'One-off',
  misc: 'Misc',
  scheduled: 'Scheduled',
  autopay: 'Autopay',
  pay_link: 'Payment link',
};

const customerName = (row: FailedPayment) => `${row.customer.first_name} ${row.customer.last_name}`.trim();

/**
 * /failed-payments (Home's dashboard queue): payments that failed and were not retried since, with the processor's
 * reason in words, when an automatic retry runs (soft declines of scheduled and autopay payments only) and a retry by
 * hand from the same or another saved method.
 */
export function FailedPaymentsRoute() {
  const merchantID = useRouteMerchantId();
  const timeZone = useMerchantTimeZone(merchantID);
  const [page, setPage] = useState(1);
  const [retrying, setRetrying] = useState<FailedPayment | null>(null);
  const failed = useFailedPayments(merchantID, page);

  const columns: DataColumn<FailedPayment>[] = [
    { key: 'created', label: 'Failed', primary: true, render: (row) => formatDateTime(row.created, { timeZone }) },
    {
      key: 'customer',
      label: 'Customer',
      render: (row) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/merchants/${merchantID}/customers/${row.customer.id}`} size="sm">
            {customerName(row)}
          </Anchor>
          <Text
            size="xs"
            c="dimmed"
          >{`Account ${row.account.external_id} · owes ${formatMoney(row.account.amount_due)}`}</Text>
        </Stack>
      ),
    },
    { key: 'amount', label: 'Amount', render: (row) => formatMoney(row.amount) },
    {
      key: 'kind',
      label: 'Kind',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{ORIGIN_LABELS[row.origin]}</Text>
          {row.attempt > 0 && <Text size="xs" c="dimmed">{`Retry ${row.attempt}`}</Text>}
        </Stack>
      ),
    },
    {
      key: 'method',
      label: 'Method',
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm">{row.payment_method.label}</Text>
          {row.payment_method.flagged && (
            <Badge color="red" variant="light" size="sm">
              Flagged
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'reason',
      label: 'Reason',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.reason}
          </Text>
          <Text size="xs" c="dimmed">
            {row.decline_class === 'soft' ? 'May succeed later' : 'Will not succeed as it is'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'next',
      label: 'Automatic retry',
      render: (row) => (row.next_retry_at ? formatDateTime(row.next_retry_at, { timeZone }) : 'None'),
    },
    {
      key: 'actions',
      label: 'Actions',
      actions: true,
      align: 'right',
      render: (row) =>
        row.account.amount_due > 0 ? (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => setRetrying(row)}
            aria-label={`Retry the ${formatMoney(row.amount)} payment of ${customerName(row)}`}
          >
            Retry
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            Paid up
          </Text>
        ),
    },
  ];

  return (
    <ListPage
      title="Failed payments"
      description={`Scheduled and autopay payments declined for insufficient funds or a processing error are retried automatically ${AUTOMATIC_RETRY_AFTER_DAYS} days after each decline, at most ${MAX_AUTOMATIC_RETRIES} times. Other declines are not retried; a lost, stolen or expired card is flagged.`}
      count={countOf(failed.data, 'failed payment')}
    >
      <ListSection
        unavailable={!merchantID && 'Choose a merchant first.'}
        query={failed}
        loadingLabel="Loading failed payments"
        errorTitle="Failed payments could not be loaded"
        table={{ columns, rowKey: (row) => row.id, minWidth: 1040 }}
        empty="No failed payments."
        pager={{ page, pageSize: FAILED_PAYMENTS_PAGE_SIZE, onPageChange: setPage }}
      />
      {retrying && <RetryDialog merchantID={merchantID} failed={retrying} onClose={() => setRetrying(null)} />}
    </ListPage>
  );
}

function RetryDialog({
  merchantID,
  failed,
  onClose,
}: {
  merchantID: string;
  failed: FailedPayment;
  onClose: () => void;
}) {
  const methods = useCustomerMethods(merchantID, failed.customer.id);
  const retry = useRetryFailedPayment(merchantID);
  const [methodID, setMethodID] = useState<string | null>(failed.payment_method.id);
  const [declined, setDeclined] = useState<string | null>(null);
  const attempt = useRef<{ methodID: string; key: string } | null>(null);
  const amount = Math.min(failed.amount, failed.account.amount_due);
  const options = (methods.data?.results ?? []).map((method) => ({ value: method.id, label: method.label }));
  if (!options.some((option) => option.value === failed.payment_method.id)) {
    options.unshift({ value: failed.payment_method.id, label: failed.payment_method.label });
  }

  const submit = () => {
    if (!methodID) return;
    setDeclined(null);
    if (attempt.current?.methodID !== methodID) attempt.current = { methodID, key: crypto.randomUUID() };
    retry.mutate(
      { paymentID: failed.id, paymentMethodID: methodID, idempotencyKey: attempt.current.key },
      {
        onSuccess: (payment) => {
          if (payment.status === 'FAILED') {
            setDeclined(payment.failure_message ?? 'The payment was declined.');
            return;
          }
          notifySuccess(`Payment of ${formatMoney(payment.total_amount)} taken`);
          onClose();
        },
      },
    );
  };

  const problem = declined ?? (retry.error ? describeError(retry.error) : null);
  return (
    <Modal opened onClose={onClose} title="Retry payment">
      <Stack gap="sm">
        <Text size="sm">
          {`${customerName(failed)}, account ${failed.account.external_id}: ${formatMoney(amount)} (plus the account's convenience fee where it applies).`}
        </Text>
        <Text size="sm" c="dimmed">{`It failed: ${failed.reason}`}</Text>
        <Select label="Pay with" data={options} value={methodID} onChange={setMethodID} allowDeselect={false} />
        {problem && (
          <Alert color="red" role="alert">
            {declined ? `Declined again: ${problem}` : problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={retry.isPending} onClick={submit} disabled={!methodID || Boolean(declined)}>
            {`Retry ${formatMoney(amount)}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
