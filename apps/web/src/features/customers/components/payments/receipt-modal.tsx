import { Alert, Button, Divider, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatDateTime } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import { useRef, useState } from 'react';
import { describeError, notifySuccess } from '../../../../lib/notify';
import { useEmailReceipt, usePayment } from '../../api/payments';
import { sentTextNotice, useSendText } from '../../api/send-text';
import { usePhoneModal } from './use-phone-modal';

export const RECEIPT_EMAILED = 'Receipt sent';
export const RECEIPT_TEXTED = 'Receipt text';

/**
 * A payment's receipt (SPEC §4 receipt modal): shown while `paymentID` is set; closing it clears the current payment
 * (`onClose`). Merchant, customer, account, each source with its amount, the fee, the total, the processor's
 * references, the date and time on the merchant's clock; Email receipt, Text receipt (the merchant's Thank You
 * template, issue 21 item 11) and Print.
 */
export function ReceiptModal({
  merchantID,
  paymentID,
  onClose,
}: {
  merchantID: string;
  paymentID: string | null;
  onClose: () => void;
}) {
  const payment = usePayment(merchantID, paymentID);
  const email = useEmailReceipt(merchantID);
  const text = useSendText(merchantID);
  // One key per payment's receipt text: pressing again after a lost answer sends it once.
  const textKey = useRef<{ paymentID: string; key: string } | null>(null);
  const [address, setAddress] = useState('');
  const data = payment.data;
  const receipt = data?.receipt;

  const phone = usePhoneModal();
  return (
    <Modal opened={paymentID !== null} onClose={onClose} title="Receipt" size="lg" fullScreen={phone}>
      {!data || !receipt ? (
        payment.error ? (
          <Alert color="red">{describeError(payment.error)}</Alert>
        ) : (
          <Loader aria-label="Loading the receipt" />
        )
      ) : (
        <Stack gap="sm">
          <Stack gap={0}>
            <Text fw={700}>{receipt.merchant_name}</Text>
            <Text size="sm" c="dimmed">
              {[receipt.location_name, receipt.merchant_phone].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Group gap="xl">
            <Text size="sm">
              <Text span fw={600}>
                {receipt.payer_name ? 'Paid by' : 'Customer'}:
              </Text>{' '}
              {receipt.payer_name ?? receipt.customer_name ?? '—'}
            </Text>
            {receipt.account_external_id && (
              <Text size="sm">
                <Text span fw={600}>
                  Account:
                </Text>{' '}
                {receipt.account_external_id}
              </Text>
            )}
            <Text size="sm">
              <Text span fw={600}>
                Date:
              </Text>{' '}
              {formatDateTime(data.created, { timeZone: receipt.time_zone })}
            </Text>
          </Group>
          {receipt.description && <Text size="sm">{receipt.description}</Text>}
          {data.status === 'FAILED' && <Alert color="red">{data.failure_message}</Alert>}
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Paid with</Table.Th>
                <Table.Th>Reference</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.sources.map((source) => (
                <Table.Tr key={source.id}>
                  <Table.Td>{source.payment_method_label}</Table.Td>
                  <Table.Td>{source.processor_reference ?? '—'}</Table.Td>
                  <Table.Td ta="right">{formatMoney(source.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Divider />
          <Group justify="space-between">
            <Text size="sm">Payment</Text>
            <Text size="sm">{formatMoney(data.amount)}</Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">Convenience fee{data.fee_waived ? ' (waived)' : ''}</Text>
            <Text size="sm">{formatMoney(data.convenience_fee)}</Text>
          </Group>
          <Group justify="space-between">
            <Text fw={700}>Total</Text>
            <Text fw={700}>{formatMoney(data.total_amount)}</Text>
          </Group>
          {data.refunded_amount > 0 && (
            <Group justify="space-between">
              <Text size="sm">Refunded</Text>
              <Text size="sm">{formatMoney(data.refunded_amount)}</Text>
            </Group>
          )}
          {email.error && <Alert color="red">{describeError(email.error)}</Alert>}
          {text.error && (
            <Alert color="red" role="alert">
              {describeError(text.error)}
            </Alert>
          )}
          <Group justify="flex-end" align="flex-end">
            {!receipt.customer_email && (
              <TextInput
                label="Email the receipt to"
                type="email"
                value={address}
                onChange={(event) => setAddress(event.currentTarget.value)}
              />
            )}
            <Button variant="default" onClick={() => window.print()}>
              Print
            </Button>
            {data.customer && data.account && (
              <Button
                variant="default"
                loading={text.isPending}
                onClick={() => {
                  const { customer, account } = data;
                  if (!customer || !account) return;
                  if (textKey.current?.paymentID !== data.id) {
                    textKey.current = { paymentID: data.id, key: crypto.randomUUID() };
                  }
                  text.mutate(
                    {
                      accountID: account,
                      input: { customer, template: 'THANKS' },
                      idempotencyKey: textKey.current.key,
                    },
                    { onSuccess: (answer) => notifySuccess(sentTextNotice(answer, RECEIPT_TEXTED)) },
                  );
                }}
              >
                Text receipt
              </Button>
            )}
            <Button
              loading={email.isPending}
              onClick={() =>
                email.mutate(
                  { paymentID: data.id, ...(receipt.customer_email ? {} : { email: address }) },
                  { onSuccess: () => notifySuccess(RECEIPT_EMAILED) },
                )
              }
            >
              Email receipt
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
