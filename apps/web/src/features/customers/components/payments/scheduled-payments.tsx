import { Alert, Badge, Button, Modal, Select, Stack, Text } from '@mantine/core';
import { addCalendarDays, toCalendarDate } from '@paydesk/domain/dates/calendar';
import { ERROR_MESSAGES } from '@paydesk/domain/errors/error-codes';
import { formatCalendarDate, formatDateTime } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import { MINIMUM_PAYMENT_CENTS } from '@paydesk/domain/payments/payments';
import {
  SCHEDULED_PAYMENT_RUN_HOUR,
  type ScheduledPayment,
  type ScheduledPaymentState,
} from '@paydesk/domain/scheduled-payments/scheduled-payments.contract';
import { IconCalendarDue } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { type DataColumn } from '../../../../components/data-table';
import { AccountSection, AccountTable } from './account-section';
import { DateField } from '../../../../components/date-field';
import { DialogActions } from '../../../../components/dialog-actions';
import { MoneyInput, readMoneyValue, toMoneyValue, type MoneyValue } from '../../../../components/money-input';
import { ApiError } from '../../../../lib/api-client';
import { describeError, notifySuccess } from '../../../../lib/notify';
import { usePaymentMethods } from '../../api/customers-queries';
import {
  SCHEDULED_PAGE_SIZE,
  useCancelScheduledPayment,
  useSchedulePayment,
  useScheduledPayments,
} from '../../api/scheduled-payments';
import { usePhoneModal } from './use-phone-modal';

const STATE_COLORS: Record<ScheduledPaymentState, string> = {
  scheduled: 'blue',
  processing: 'yellow',
  paid: 'teal',
  pending: 'yellow',
  failed: 'red',
  skipped: 'gray',
  cancelled: 'gray',
};

const stateWords = (state: ScheduledPaymentState) => state.charAt(0).toUpperCase() + state.slice(1);

/** An account's scheduled payments with their state; schedule one from a saved method, cancel one not yet run. */
export function ScheduledPayments({
  merchantID,
  customerID,
  accountID,
  accountLabel,
  amountDueCents,
  timeZone,
  canSchedule,
  canCancel,
}: {
  merchantID: string;
  customerID: string;
  accountID: string;
  accountLabel: string;
  amountDueCents: number;
  timeZone: string | undefined;
  /** The account is open and owes something. */
  canSchedule: boolean;
  canCancel: boolean;
}) {
  const [page, setPage] = useState(1);
  const [scheduling, setScheduling] = useState(false);
  const [cancelling, setCancelling] = useState<ScheduledPayment | null>(null);
  const scheduled = useScheduledPayments(merchantID, accountID, page);
  const cancel = useCancelScheduledPayment(merchantID, accountID);
  const rows = scheduled.data?.results ?? [];

  const columns: DataColumn<ScheduledPayment>[] = [
    { key: 'date', label: 'Date', primary: true, render: (row) => formatCalendarDate(row.date) },
    { key: 'amount', label: 'Amount', render: (row) => formatMoney(row.amount) },
    { key: 'method', label: 'Pay with', render: (row) => row.payment_method_label },
    {
      key: 'state',
      label: 'State',
      render: (row) => (
        <Stack gap={2}>
          <Badge variant="light" color={STATE_COLORS[row.state]}>
            {stateWords(row.state)}
          </Badge>
          {row.failure_message && (
            <Text size="xs" c="red">
              {row.failure_message}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'by',
      label: 'Scheduled by',
      render: (row) => `${row.created_by_name}, ${formatDateTime(row.created, { timeZone })}`,
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (row) =>
        canCancel && row.state === 'scheduled' ? (
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            onClick={() => setCancelling(row)}
            aria-label={`Cancel the payment scheduled for ${formatCalendarDate(row.date)}`}
          >
            Cancel
          </Button>
        ) : null,
    },
  ];

  return (
    <AccountSection
      title="Scheduled payments"
      actions={
        canSchedule && (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconCalendarDue size={14} />}
            onClick={() => setScheduling(true)}
            aria-label={`Schedule a payment on account ${accountLabel}`}
          >
            Schedule payment
          </Button>
        )
      }
      query={scheduled}
      loadingLabel="Loading scheduled payments"
      errorTitle="Scheduled payments could not be loaded"
      dialogs={
        <>
          {scheduling && (
            <SchedulePaymentModal
              merchantID={merchantID}
              customerID={customerID}
              accountID={accountID}
              accountLabel={accountLabel}
              amountDueCents={amountDueCents}
              timeZone={timeZone}
              onClose={() => setScheduling(false)}
            />
          )}
          <ConfirmModal
            opened={cancelling !== null}
            title="Cancel scheduled payment?"
            confirmLabel="Cancel payment"
            loading={cancel.isPending}
            error={cancel.error}
            onConfirm={() =>
              cancelling &&
              cancel.mutate(cancelling.id, {
                onSuccess: () => {
                  notifySuccess('Scheduled payment cancelled');
                  setCancelling(null);
                },
              })
            }
            onClose={() => {
              cancel.reset();
              setCancelling(null);
            }}
          >
            {cancelling &&
              `The payment of ${formatMoney(cancelling.amount)} scheduled for ${formatCalendarDate(cancelling.date)} will not be taken.`}
          </ConfirmModal>
        </>
      }
    >
      {(data) => (
        <AccountTable
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          empty="No scheduled payments."
          pager={{ page, pageSize: SCHEDULED_PAGE_SIZE, count: data.count, onPageChange: setPage }}
        />
      )}
    </AccountSection>
  );
}

function SchedulePaymentModal({
  merchantID,
  customerID,
  accountID,
  accountLabel,
  amountDueCents,
  timeZone,
  onClose,
}: {
  merchantID: string;
  customerID: string;
  accountID: string;
  accountLabel: string;
  amountDueCents: number;
  timeZone: string | undefined;
  onClose: () => void;
}) {
  const methods = usePaymentMethods(merchantID, customerID);
  const schedule = useSchedulePayment(merchantID, accountID);
  const [methodID, setMethodID] = useState<string | null>(null);
  const [amount, setAmount] = useState<MoneyValue>(toMoneyValue(amountDueCents));
  const [date, setDate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const saved = methods.data?.results ?? [];
  const today = toCalendarDate(new Date(), timeZone);

  const submit = () => {
    setProblem(null);
    const reading = readMoneyValue(amount);
    if (!methodID) return setProblem('Choose a payment method.');
    if (reading.error !== null || !reading.cents) return setProblem(reading.error || 'Enter an amount.');
    if (reading.cents < MINIMUM_PAYMENT_CENTS) return setProblem(ERROR_MESSAGES['payment.minimum']);
    if (reading.cents > amountDueCents) return setProblem(ERROR_MESSAGES['payment.exceeds_amount_due']);
    if (!date) return setProblem('Choose the date to take it.');
    const input = { customer: customerID, payment_method: methodID, amount: reading.cents, date };
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() };
    schedule.mutate(
      { input, idempotencyKey: attempt.current.key },
      {
        onSuccess: (created) => {
          notifySuccess(`Payment of ${formatMoney(created.amount)} scheduled for ${formatCalendarDate(created.date)}`);
          onClose();
        },
      },
    );
  };

  const failure =
    schedule.error instanceof ApiError && Object.keys(schedule.error.fieldErrors).length > 0
      ? Object.values(schedule.error.fieldErrors).flat().join(' ')
      : schedule.error
        ? describeError(schedule.error)
        : null;

  const phone = usePhoneModal();
  return (
    <Modal opened onClose={onClose} title={`Schedule a payment on account ${accountLabel}`} fullScreen={phone}>
      <Stack gap="sm">
        <Text size="sm">Amount due: {formatMoney(amountDueCents)}</Text>
        {methods.data && saved.length === 0 && (
          <Alert color="yellow">Add a card or bank account on the Payment methods tab first.</Alert>
        )}
        <Select
          label="Payment method"
          data={saved.map((method) => ({ value: method.id, label: method.label }))}
          value={methodID}
          onChange={setMethodID}
          withAsterisk
        />
        <MoneyInput label="Amount" value={amount} onChange={setAmount} withAsterisk />
        <DateField
          label="Date"
          description={`Taken at ${SCHEDULED_PAYMENT_RUN_HOUR} am on that day in the merchant's time zone`}
          value={date}
          onChange={setDate}
          minDate={addCalendarDays(today, 1)}
          withAsterisk
        />
        {(problem ?? failure) && (
          <Alert color="red" role="alert">
            {problem ?? failure}
          </Alert>
        )}
        <DialogActions
          label="Schedule"
          onConfirm={submit}
          onCancel={onClose}
          loading={schedule.isPending}
          disabled={saved.length === 0}
        />
      </Stack>
    </Modal>
  );
}
