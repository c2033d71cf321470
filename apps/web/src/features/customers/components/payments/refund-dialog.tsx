import { Alert, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatMoney } from '@paydesk/domain/format/money';
import type { Payment } from '@paydesk/domain/payments/payments.contract';
import { useRef, useState } from 'react';
import { DialogActions } from '../../../../components/dialog-actions';
import { MoneyInput, readMoneyValue, toMoneyValue, type MoneyValue } from '../../../../components/money-input';
import { describeError, notifySuccess } from '../../../../lib/notify';
import { usePayment, useRefundPayment } from '../../api/payments';
import { usePhoneModal } from './use-phone-modal';

/** SPEC §3 Refund: the sources, the fee-bearing one moved to the end of the list. */
export function refundOrder(sources: Payment['sources']): Payment['sources'] {
  return [...sources.filter((source) => source.convenience_fee === 0), ...sources.filter((s) => s.convenience_fee > 0)];
}

/**
 * Refund a payment: each source pre-filled with what is left to refund on it (its original total, amount without
 * fee and fee shown beside it), a reason, and what will be left afterwards. One Idempotency-Key per confirmed refund.
 */
export function RefundDialog({
  merchantID,
  customerID,
  paymentID,
  onClose,
}: {
  merchantID: string;
  customerID: string;
  paymentID: string | null;
  onClose: () => void;
}) {
  const payment = usePayment(merchantID, paymentID);
  const phone = usePhoneModal();
  return (
    <Modal opened={paymentID !== null} onClose={onClose} title="Refund payment" size="lg" fullScreen={phone}>
      {!payment.data ? (
        payment.error ? (
          <Alert color="red">{describeError(payment.error)}</Alert>
        ) : (
          <Loader aria-label="Loading the payment" />
        )
      ) : (
        <RefundForm
          key={payment.data.id}
          merchantID={merchantID}
          customerID={customerID}
          payment={payment.data}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function RefundForm({
  merchantID,
  customerID,
  payment,
  onDone,
}: {
  merchantID: string;
  customerID: string;
  payment: Payment;
  onDone: () => void;
}) {
  const sources = refundOrder(payment.sources).filter((source) => source.refundable > 0);
  const [amounts, setAmounts] = useState<MoneyValue[]>(sources.map((source) => toMoneyValue(source.refundable)));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refund = useRefundPayment(merchantID, customerID);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const readings = amounts.map((value) => readMoneyValue(value));
  const total = readings.reduce((sum, reading) => sum + (reading.cents ?? 0), 0);

  const submit = () => {
    setProblem(null);
    const bad = readings.findIndex(
      (reading, index) => reading.error !== null || (reading.cents ?? 0) > (sources[index]?.refundable ?? 0),
    );
    if (bad >= 0) {
      const source = sources[bad];
      return setProblem(
        readings[bad]?.error ||
          `At most ${formatMoney(source?.refundable ?? 0)} can go back to ${source?.payment_method_label}.`,
      );
    }
    if (total <= 0) return setProblem('Enter an amount to refund.');
    const input = {
      payment: payment.id,
      total,
      sources: sources.map((source, index) => ({
        payment_method: source.payment_method,
        amount: readings[index]?.cents ?? 0,
      })),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() };
    refund.mutate(
      { input, idempotencyKey: attempt.current.key },
      {
        onSuccess: (answer) => {
          const last = answer.reversals.at(-1);
          if (last?.state === 'declined') {
            attempt.current = null;
            setProblem(last.failure_message ?? 'The processor declined the refund.');
            return;
          }
          notifySuccess(`Refunded ${formatMoney(total)}`);
          onDone();
        },
      },
    );
  };

  if (sources.length === 0) return <Text>Nothing is left to refund on this payment.</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm">
        Paid {formatMoney(payment.total_amount)} · refunded {formatMoney(payment.refunded_amount)} · left to refund{' '}
        {formatMoney(payment.refundable_amount)}
      </Text>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Payment method</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Without fee</Table.Th>
            <Table.Th ta="right">Fee</Table.Th>
            <Table.Th>Refund</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sources.map((source, index) => (
            <Table.Tr key={source.id}>
              <Table.Td>{source.payment_method_label}</Table.Td>
              <Table.Td ta="right">{formatMoney(source.total)}</Table.Td>
              <Table.Td ta="right">{formatMoney(source.amount_without_fee)}</Table.Td>
              <Table.Td ta="right">{formatMoney(source.convenience_fee)}</Table.Td>
              <Table.Td>
                <MoneyInput
                  aria-label={`Refund to ${source.payment_method_label}`}
                  value={amounts[index]}
                  onChange={(value) => setAmounts(amounts.map((item, at) => (at === index ? value : item)))}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <TextInput
        label="Reason"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        maxLength={500}
      />
      <Text size="sm">Left to refund afterwards: {formatMoney(Math.max(payment.refundable_amount - total, 0))}</Text>
      {(problem ?? refund.error) && (
        <Alert color="red" role="alert">
          {problem ?? describeError(refund.error)}
        </Alert>
      )}
      <DialogActions
        label={`Refund ${formatMoney(total)}`}
        onConfirm={submit}
        onCancel={onDone}
        loading={refund.isPending}
        color="red"
      />
    </Stack>
  );
}
