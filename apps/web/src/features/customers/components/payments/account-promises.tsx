import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { toCalendarDate, zonedTimeToInstant } from '@paydesk/domain/dates/calendar';
import { formatDateTime } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import { promiseStatusDisplay } from '@paydesk/domain/format/promise';
import {
  PROMISE_NOTE_MAX_LENGTH,
  createPromiseSchema,
  type PaymentPromise,
} from '@paydesk/domain/promises/promises.contract';
import { DATE_INVALID } from '@paydesk/domain/validation/messages';
import { IconCalendarTime } from '@tabler/icons-react';
import { useState } from 'react';
import { type DataColumn } from '../../../../components/data-table';
import { AccountSection, AccountTable } from './account-section';
import { DateField } from '../../../../components/date-field';
import { DialogActions } from '../../../../components/dialog-actions';
import { MoneyInput, readMoneyValue, type MoneyValue } from '../../../../components/money-input';
import { ApiError } from '../../../../lib/api-client';
import { describeError, notifyError, notifySuccess } from '../../../../lib/notify';
import { usePaymentMethods } from '../../api/customers-queries';
import { useAccountPromises, useConfirmPromise, useCreatePromise } from '../../api/promises';

/** An account's open promises to pay (those still ahead), and recording one. */
export function AccountPromises({
  merchantID,
  customerID,
  accountID,
  accountLabel,
  timeZone,
  canRecord,
}: {
  merchantID: string;
  customerID: string;
  accountID: string;
  accountLabel: string;
  timeZone: string | undefined;
  canRecord: boolean;
}) {
  const promises = useAccountPromises(merchantID, accountID);
  const confirm = useConfirmPromise(merchantID);
  const [recording, setRecording] = useState(false);
  const rows = promises.data?.results ?? [];

  const columns: DataColumn<PaymentPromise>[] = [
    {
      key: 'when',
      label: 'Promised for',
      primary: true,
      render: (row) => formatDateTime(row.scheduled_date, { timeZone }),
    },
    { key: 'amount', label: 'Amount', render: (row) => formatMoney(row.amount) },
    {
      key: 'status',
      label: 'Status',
      render: (row) =>
        row.status === 'PROMISED' && canRecord ? (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm">{promiseStatusDisplay(row.status)}</Text>
            <Button
              size="compact-xs"
              variant="light"
              loading={confirm.isPending && confirm.variables === row.id}
              aria-label={`Confirm the promise of ${formatMoney(row.amount)}`}
              onClick={() =>
                confirm.mutate(row.id, {
                  onSuccess: () => notifySuccess('Promise confirmed'),
                  onError: (error) => notifyError(error),
                })
              }
            >
              Confirm
            </Button>
          </Group>
        ) : (
          promiseStatusDisplay(row.status)
        ),
    },
    { key: 'method', label: 'Pay with', render: (row) => row.payment_method_label ?? '—' },
    { key: 'note', label: 'Note', render: (row) => row.note || '—' },
    { key: 'by', label: 'Recorded by', render: (row) => row.created_by_name },
  ];

  return (
    <AccountSection
      title="Promises to pay"
      actions={
        canRecord && (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconCalendarTime size={14} />}
            onClick={() => setRecording(true)}
            aria-label={`Record a promise to pay on account ${accountLabel}`}
          >
            Record promise
          </Button>
        )
      }
      query={promises}
      loadingLabel="Loading promises"
      errorTitle="Promises could not be loaded"
      dialogs={
        recording && (
          <RecordPromiseModal
            merchantID={merchantID}
            customerID={customerID}
            accountID={accountID}
            accountLabel={accountLabel}
            timeZone={timeZone}
            onClose={() => setRecording(false)}
          />
        )
      }
    >
      {() => <AccountTable columns={columns} rows={rows} rowKey={(row) => row.id} empty="No open promises." />}
    </AccountSection>
  );
}

function RecordPromiseModal({
  merchantID,
  customerID,
  accountID,
  accountLabel,
  timeZone,
  onClose,
}: {
  merchantID: string;
  customerID: string;
  accountID: string;
  accountLabel: string;
  timeZone: string | undefined;
  onClose: () => void;
}) {
  const methods = usePaymentMethods(merchantID, customerID);
  const create = useCreatePromise(merchantID, accountID);
  const [amount, setAmount] = useState<MoneyValue>('');
  const [date, setDate] = useState(() => toCalendarDate(new Date(), timeZone));
  const [time, setTime] = useState('');
  const [methodID, setMethodID] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const saved = methods.data?.results ?? [];

  const submit = () => {
    const found: Record<string, string> = {};
    const reading = readMoneyValue(amount);
    if (reading.error !== null || !reading.cents) found.amount = reading.error || 'Required';
    const instant = zonedTimeToInstant(date, time, timeZone);
    if (!time) found.time = 'Required';
    else if (!instant) found.time = DATE_INVALID;
    const input = {
      customer: customerID,
      amount: reading.cents ?? 0,
      scheduled_date: instant?.toISOString() ?? '',
      payment_method: methodID,
      note: note.trim() || undefined,
    };
    if (instant) {
      // The server's rule, measured from this moment: at least 30 minutes ahead.
      const checked = createPromiseSchema(new Date()).safeParse(input);
      const timeIssue = checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === 'scheduled_date');
      if (timeIssue) found.time = timeIssue.message;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(input, {
      onSuccess: (created) => {
        notifySuccess(
          `Promise of ${formatMoney(created.amount)} recorded for ${formatDateTime(created.scheduled_date, { timeZone })}`,
        );
        onClose();
      },
    });
  };

  const failure =
    create.error instanceof ApiError && Object.keys(create.error.fieldErrors).length > 0
      ? Object.values(create.error.fieldErrors).flat().join(' ')
      : create.error
        ? describeError(create.error)
        : null;

  return (
    <Modal opened onClose={onClose} title={`Record a promise to pay on account ${accountLabel}`}>
      <Stack gap="sm">
        <MoneyInput label="Amount" value={amount} onChange={setAmount} error={problems.amount} withAsterisk />
        <Group grow align="flex-start">
          <DateField label="Date" value={date} onChange={setDate} withAsterisk />
          <TextInput
            type="time"
            label="Time"
            description="In the merchant's time zone"
            value={time}
            onChange={(event) => setTime(event.currentTarget.value)}
            error={problems.time}
            withAsterisk
          />
        </Group>
        <Select
          label="Payment method"
          placeholder="Not chosen"
          data={saved.map((method) => ({ value: method.id, label: method.label }))}
          value={methodID}
          onChange={setMethodID}
          clearable
        />
        <Textarea
          label="Note"
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={PROMISE_NOTE_MAX_LENGTH}
          autosize
          minRows={2}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <DialogActions label="Record promise" onConfirm={submit} onCancel={onClose} loading={create.isPending} />
      </Stack>
    </Modal>
  );
}
