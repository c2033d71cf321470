import { Alert, Button, Checkbox, CloseButton, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { canWaiveConvenienceFee } from '@paydesk/domain/access/capabilities';
import type { CustomerAccount } from '@paydesk/domain/customers/customers.contract';
import { ERROR_MESSAGES } from '@paydesk/domain/errors/error-codes';
import { formatMoney } from '@paydesk/domain/format/money';
import { convenienceFeeFor } from '@paydesk/domain/payments/fees';
import { MINIMUM_PAYMENT_CENTS } from '@paydesk/domain/payments/payments';
import { useRef, useState } from 'react';
import { MoneyInput, readMoneyValue, toMoneyValue, type MoneyValue } from '../../../../components/money-input';
import { ApiError } from '../../../../lib/api-client';
import { describeError } from '../../../../lib/notify';
import { findMerchantAccessRoles, useSession } from '../../../../lib/session-state';
import { usePaymentMethods } from '../../api/customers-queries';
import { useTakePayment } from '../../api/payments';

type SourceRow = { methodID: string | null; amount: MoneyValue };
const MAX_SOURCES = 4;

/**
 * Take a payment on an account from the customer's saved methods (SPEC §5 amount rules): one or more sources, each
 * with its amount; the account's convenience fee shown before confirming (never on a debit or prepaid card), waivable
 * by those allowed. One Idempotency-Key per confirmed payment: confirming again after a lost answer charges once.
 */
export function TakePaymentModal({
  merchantID,
  customerID,
  account,
  opened,
  onClose,
  onTaken,
}: {
  merchantID: string;
  customerID: string;
  account: CustomerAccount;
  opened: boolean;
  onClose: () => void;
  onTaken: (paymentID: string) => void;
}) {
  const methods = usePaymentMethods(merchantID, customerID);
  const take = useTakePayment(merchantID, customerID, account.id);
  const { profile } = useSession();
  const merchant = profile?.merchants.find((item) => item.id === merchantID);
  const mayWaive = canWaiveConvenienceFee({
    roles: findMerchantAccessRoles(profile, merchantID),
    merchant: { check_custom_roles: merchant?.check_custom_roles ?? false },
  });
  const [rows, setRows] = useState<SourceRow[]>([{ methodID: null, amount: toMoneyValue(account.amount_due_cents) }]);
  const [waive, setWaive] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const saved = methods.data?.results ?? [];
  const options = saved.map((method) => ({ value: method.id, label: method.label }));
  const readings = rows.map((row) => readMoneyValue(row.amount));
  const amount = readings.reduce((sum, reading) => sum + (reading.cents ?? 0), 0);
  const chosen = rows.map((row) => saved.find((method) => method.id === row.methodID));
  const fee = convenienceFeeFor(
    chosen.map((method) => ({ payment_type: method?.payment_type ?? 'CREDIT', funding: method?.funding ?? null })),
    account.convenience_fee_cents,
    waive,
  );

  const close = () => {
    setProblem(null);
    take.reset();
    attempt.current = null;
    onClose();
  };

  const submit = () => {
    setProblem(null);
    if (rows.some((row) => !row.methodID)) return setProblem('Choose a payment method for each source.');
    const bad = readings.find((reading) => reading.error !== null || (reading.cents ?? 0) <= 0);
    if (bad) return setProblem(bad.error || 'Enter an amount for each source.');
    if (amount < MINIMUM_PAYMENT_CENTS) return setProblem(ERROR_MESSAGES['payment.minimum']);
    if (amount > account.amount_due_cents) return setProblem(ERROR_MESSAGES['payment.exceeds_amount_due']);
    const input = {
      customer: customerID,
      sources: rows.map((row, index) => ({ payment_method: row.methodID ?? '', amount: readings[index]?.cents ?? 0 })),
      waive_fee: waive,
    };
    const body = JSON.stringify(input);
    // The same payment confirmed again (its answer was lost) keeps its key; a changed one is a new payment.
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() };
    take.mutate(
      { input, idempotencyKey: attempt.current.key },
      {
        onSuccess: (payment) => {
          if (payment.status === 'FAILED') {
            attempt.current = null;
            setProblem(payment.failure_message ?? 'The payment was declined.');
            return;
          }
          close();
          onTaken(payment.id);
        },
      },
    );
  };

  const failure =
    take.error instanceof ApiError && Object.keys(take.error.fieldErrors).length > 0
      ? Object.values(take.error.fieldErrors).flat().join(' ')
      : take.error
        ? describeError(take.error)
        : null;

  return (
    <Modal opened={opened} onClose={close} title={`Take a payment on account ${account.external_id}`} size="lg">
      <Stack gap="sm">
        <Text size="sm">Amount due: {formatMoney(account.amount_due_cents)}</Text>
        {methods.data && saved.length === 0 && (
          <Alert color="yellow">Add a card or bank account on the Payment methods tab first.</Alert>
        )}
        {rows.map((row, index) => (
          <Group key={index} align="flex-end" wrap="nowrap">
            <Select
              label={rows.length > 1 ? `Payment method ${index + 1}` : 'Payment method'}
              data={options}
              value={row.methodID}
              onChange={(value) =>
                setRows(rows.map((item, at) => (at === index ? { ...item, methodID: value } : item)))
              }
              style={{ flex: 2 }}
              withAsterisk
            />
            <MoneyInput
              label={rows.length > 1 ? `Amount ${index + 1}` : 'Amount'}
              value={row.amount}
              onChange={(value) => setRows(rows.map((item, at) => (at === index ? { ...item, amount: value } : item)))}
              style={{ flex: 1 }}
              withAsterisk
            />
            {rows.length > 1 && (
              <CloseButton
                aria-label={`Remove source ${index + 1}`}
                onClick={() => setRows(rows.filter((_, at) => at !== index))}
              />
            )}
          </Group>
        ))}
        {rows.length < MAX_SOURCES && saved.length > 1 && (
          <Button variant="subtle" size="compact-sm" onClick={() => setRows([...rows, { methodID: null, amount: '' }])}>
            Add another source
          </Button>
        )}
        {mayWaive && account.convenience_fee_cents > 0 && (
          <Checkbox
            label="Waive the convenience fee"
            checked={waive}
            onChange={(event) => setWaive(event.currentTarget.checked)}
          />
        )}
        <Group justify="space-between">
          <Text size="sm">Convenience fee</Text>
          <Text size="sm" aria-label="Convenience fee">
            {formatMoney(fee.feeCents)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} aria-label="Total">
            {formatMoney(amount + fee.feeCents)}
          </Text>
        </Group>
        {(problem ?? failure) && (
          <Alert color="red" role="alert">
            {problem ?? failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button loading={take.isPending} onClick={submit} disabled={saved.length === 0}>
            {`Pay ${formatMoney(amount + fee.feeCents)}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
