import { Alert, Button, Group, Pagination, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import { formatDateTime } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import type { AccountTransaction } from '@paydesk/domain/payments/payments.contract';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { describeError, notifySuccess } from '../../../lib/notify';
import { useMeetsMerchantRequirement, useRouteMerchantId } from '../../../lib/use-merchant-access';
import { TRANSACTIONS_PAGE_SIZE, useAccountTransactions, useMovePayment } from '../api/payments';
import { AccountPicker, type PickedAccount } from '../components/payments/account-picker';

/** Payments whose money still sits on their account (the server's rule; it answers 400 when nothing is left). */
const MOVABLE = new Set(['PAID', 'PARTIALLY_REFUNDED', 'PENDING']);

function paymentLabel(row: AccountTransaction, timeZone: string | undefined) {
  const methods = row.methods.join(', ');
  return `${formatDateTime(row.created, { timeZone })} · ${formatMoney(row.payment.total_amount)} · ${row.status}${
    methods ? ` · ${methods}` : ''
  }`;
}

/**
 * Move payment (SPEC §2 `/customers/move-payment`, MovePaymentsView): find a payment on an account (its transactions
 * page by page, newest first, as on the account's Transactions; the chosen payment stays chosen across pages),
 * choose another account of the same merchant, give a reason. The ledger moves what it paid off; both accounts' history and the
 * audit trail say so. One Idempotency-Key per confirmed move, kept for a retry after a lost answer.
 */
export function MovePaymentRoute() {
  const merchantID = useRouteMerchantId();
  const timeZone = useMerchantTimeZone(merchantID);
  const allowed = useMeetsMerchantRequirement(merchantID, ACCESS_REQUIREMENTS.paymentRefund);
  const [from, setFrom] = useState<PickedAccount | null>(null);
  const [paymentID, setPaymentID] = useState<string | null>(null);
  const [picked, setPicked] = useState<AccountTransaction | null>(null);
  const [transactionsPage, setTransactionsPage] = useState(1);
  const [to, setTo] = useState<PickedAccount | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ payment?: string; to?: string; reason?: string }>({});
  const [round, setRound] = useState(0);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const move = useMovePayment(merchantID);
  const transactions = useAccountTransactions(
    merchantID,
    from?.customerID ?? '',
    from?.accountID ?? '',
    transactionsPage,
  );
  const shown = from?.accountID && !transactions.isPlaceholderData ? transactions.data : undefined;
  const payments = (shown?.results ?? []).filter((row) => row.kind === 'payment' && MOVABLE.has(row.status));
  // The chosen payment is listed on every page, so the field keeps showing it.
  const options = picked && !payments.some((row) => row.id === picked.id) ? [picked, ...payments] : payments;
  const total = shown?.count ?? 0;
  const first = (transactionsPage - 1) * TRANSACTIONS_PAGE_SIZE + 1;
  const last = Math.min(total, transactionsPage * TRANSACTIONS_PAGE_SIZE);

  if (!merchantID) return <Alert color="yellow">Choose a merchant first.</Alert>;

  const submit = () => {
    const found = {
      payment: paymentID ? undefined : 'Choose the payment to move.',
      to: to?.accountID ? undefined : 'Choose the account to move the payment to.',
      reason: reason.trim() ? undefined : 'This field is required.',
    };
    setErrors(found);
    if (found.payment || found.to || found.reason || !paymentID || !to?.accountID) return;
    const input = { payment: paymentID, account: to.accountID, reason: reason.trim() };
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() };
    move.mutate(
      { input, idempotencyKey: attempt.current.key },
      {
        onSuccess: () => {
          attempt.current = null;
          notifySuccess(`Payment moved to ${to.label}`);
          setPaymentID(null);
          setPicked(null);
          setTransactionsPage(1);
          setTo(null);
          setFrom(null);
          setReason('');
          setRound((value) => value + 1);
        },
        onError: (error) => {
          // An answer (a refusal) ends this attempt; no answer keeps the key so the same move is sent once.
          if (error instanceof ApiError && error.status > 0 && error.status < 500) attempt.current = null;
        },
      },
    );
  };

  const failure =
    move.error instanceof ApiError && Object.keys(move.error.fieldErrors).length > 0
      ? Object.values(move.error.fieldErrors).flat().join(' ')
      : move.error
        ? describeError(move.error)
        : null;

  return (
    <Stack gap="md" maw={760}>
      <Title order={1} fz="h2">
        Move payment
      </Title>
      {!allowed ? (
        <Alert color="yellow">You are not allowed to move payments.</Alert>
      ) : (
        <Paper withBorder p="lg" key={round}>
          <Stack gap="md">
            <Stack gap="xs" component="section" aria-label="Payment to move">
              <Text fw={600}>Payment to move</Text>
              <AccountPicker
                merchantID={merchantID}
                searchLabel="Search the account it is on"
                label="Account it is on"
                pick="account"
                required
                onPick={(account) => {
                  setFrom(account);
                  setPaymentID(null);
                  setPicked(null);
                  setTransactionsPage(1);
                }}
              />
              <Select
                label="Payment"
                withAsterisk
                placeholder={
                  !from
                    ? 'Choose the account first'
                    : payments.length > 0
                      ? 'Choose…'
                      : total > TRANSACTIONS_PAGE_SIZE
                        ? 'No payment to move on this page'
                        : 'No payment to move'
                }
                data={options.map((row) => ({ value: row.payment.id, label: paymentLabel(row, timeZone) }))}
                value={paymentID}
                onChange={(value) => {
                  setPaymentID(value);
                  setPicked(options.find((row) => row.payment.id === value) ?? null);
                }}
                error={errors.payment}
                allowDeselect={false}
              />
              {total > TRANSACTIONS_PAGE_SIZE && (
                <Group justify="space-between" gap="md">
                  <Text size="sm" c="dimmed">{`Transactions ${first}–${last} of ${total}`}</Text>
                  <Pagination
                    total={Math.ceil(total / TRANSACTIONS_PAGE_SIZE)}
                    value={transactionsPage}
                    onChange={setTransactionsPage}
                    size="sm"
                    getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  />
                </Group>
              )}
            </Stack>
            <Stack gap="xs" component="section" aria-label="Where it goes">
              <Text fw={600}>Move it to</Text>
              <AccountPicker
                merchantID={merchantID}
                searchLabel="Search the account to move it to"
                label="Move to account"
                pick="account"
                required
                excludeAccountID={from?.accountID}
                error={errors.to}
                onPick={setTo}
              />
            </Stack>
            <Textarea
              label="Reason"
              withAsterisk
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={errors.reason}
            />
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={submit} loading={move.isPending}>
                Move payment
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
