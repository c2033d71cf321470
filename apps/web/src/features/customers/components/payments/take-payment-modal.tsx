import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { canWaiveConvenienceFee } from '@paydesk/domain/access/capabilities';
import type { CustomerAccount } from '@paydesk/domain/customers/customers.contract';
import { ERROR_MESSAGES } from '@paydesk/domain/errors/error-codes';
import { formatMoney } from '@paydesk/domain/format/money';
import { convenienceFeeFor } from '@paydesk/domain/payments/fees';
import {
  bankAuthorizationText,
  emptyMethodEntry,
  methodEntrySchema,
  tokenizeRequestOf,
  type MethodEntryValues,
} from '@paydesk/domain/payments/method-entry';
import { MINIMUM_PAYMENT_CENTS, type PaymentType } from '@paydesk/domain/payments/payments';
import { useRef, useState } from 'react';
import { DialogActions } from '../../../../components/dialog-actions';
import { MoneyInput, readMoneyValue, toMoneyValue, type MoneyValue } from '../../../../components/money-input';
import { ApiError } from '../../../../lib/api-client';
import { describeError } from '../../../../lib/notify';
import { findMerchantAccessRoles, useSession } from '../../../../lib/session-state';
import { usePaymentMethods } from '../../api/customers-queries';
import { useTakePayment } from '../../api/payments';
import { tokenize, type Tokenized } from '../../api/tokenize';
import { MethodEntryFields, useCardKind } from './method-entry-fields';
import { usePhoneModal } from './use-phone-modal';

type SourceRow = { methodID: string | null; amount: MoneyValue };
const MAX_SOURCES = 4;
/** The Payment method choice of a source paid by a card or bank account typed in the dialog (one per payment). */
export const NEW_METHOD = 'new';
const validateEntry = schemaResolver(methodEntrySchema(), { sync: true });

/** The new entry's kind for the fee rule: a bank account, or the card the BIN lookup describes (credit when unknown). */
function entryKind(
  values: MethodEntryValues,
  lookup: { payment_type: PaymentType; funding: string } | null,
): { payment_type: PaymentType; funding: string | null } {
  if (values.kind === 'bank') return { payment_type: 'bank', funding: null };
  return { payment_type: lookup?.payment_type ?? 'CREDIT', funding: lookup?.funding ?? null };
}

/**
 * Take a payment on an account from the customer's saved methods (SPEC §5 amount rules): one or more sources, each
 * with its amount; the account's convenience fee shown before confirming (never on a debit or prepaid card), waivable
 * by those allowed. One Idempotency-Key per confirmed payment: confirming again after a lost answer charges once.
 */
export function TakePaymentModal({
  merchantID,
  merchantName,
  customerID,
  account,
  opened,
  onClose,
  onTaken,
}: {
  merchantID: string;
  merchantName: string;
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
  const phone = usePhoneModal();
  const [rows, setRows] = useState<SourceRow[]>([{ methodID: null, amount: toMoneyValue(account.amount_due_cents) }]);
  const [waive, setWaive] = useState(false);
  const [save, setSave] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  // The token of the entry as typed: a retry of the same payment reuses it (and so its Idempotency-Key).
  const token = useRef<{ entry: string; tokenized: Tokenized } | null>(null);
  const entry = useForm<MethodEntryValues>({ initialValues: emptyMethodEntry('card'), validate: validateEntry });
  const entryValues = entry.getValues();
  const { lookup } = useCardKind(merchantID, entryValues.kind === 'card' ? entryValues.number : '');

  const saved = methods.data?.results ?? [];
  // With no saved method the first source is a new entry.
  const methodOf = (row: SourceRow, index: number) =>
    row.methodID ?? (index === 0 && methods.data && saved.length === 0 ? NEW_METHOD : null);
  const effective = rows.map(methodOf);
  const newIndex = effective.indexOf(NEW_METHOD);
  const optionsFor = (index: number) => [
    ...saved.map((method) => ({ value: method.id, label: method.label })),
    ...(newIndex === -1 || newIndex === index ? [{ value: NEW_METHOD, label: 'New card or bank account' }] : []),
  ];
  const readings = rows.map((row) => readMoneyValue(row.amount));
  const amount = readings.reduce((sum, reading) => sum + (reading.cents ?? 0), 0);
  const kinds = effective.map((methodID) => {
    if (methodID === NEW_METHOD) return entryKind(entryValues, lookup);
    const method = saved.find((item) => item.id === methodID);
    return { payment_type: method?.payment_type ?? 'CREDIT', funding: method?.funding ?? null };
  });
  const fee = convenienceFeeFor(kinds, account.convenience_fee_cents, waive);

  const close = () => {
    setProblem(null);
    take.reset();
    attempt.current = null;
    token.current = null;
    onClose();
  };

  const tokenFor = async (values: MethodEntryValues): Promise<Tokenized> => {
    const typed = JSON.stringify(values);
    if (token.current?.entry === typed) return token.current.tokenized;
    const tokenized = await tokenize(tokenizeRequestOf(values));
    token.current = { entry: typed, tokenized };
    return tokenized;
  };

  const submit = async () => {
    setProblem(null);
    if (effective.some((methodID) => !methodID)) return setProblem('Choose a payment method for each source.');
    const bad = readings.find((reading) => reading.error !== null || (reading.cents ?? 0) <= 0);
    if (bad) return setProblem(bad.error || 'Enter an amount for each source.');
    if (amount < MINIMUM_PAYMENT_CENTS) return setProblem(ERROR_MESSAGES['payment.minimum']);
    if (amount > account.amount_due_cents) return setProblem(ERROR_MESSAGES['payment.exceeds_amount_due']);
    let tokenized: Tokenized | null = null;
    const values = entry.getValues();
    if (newIndex !== -1) {
      if (entry.validate().hasErrors) return;
      setTokenizing(true);
      try {
        tokenized = await tokenFor(values);
      } catch (error) {
        return setProblem(error instanceof Error ? error.message : describeError(error));
      } finally {
        setTokenizing(false);
      }
    }
    const input = {
      customer: customerID,
      sources: effective.map((methodID, index) => {
        const cents = readings[index]?.cents ?? 0;
        if (methodID !== NEW_METHOD) return { payment_method: methodID ?? '', amount: cents };
        return {
          token: tokenized?.token ?? '',
          save,
          nickname: save ? values.nickname.trim() : '',
          ...(values.kind === 'bank'
            ? { authorization: { text: bankAuthorizationText(merchantName, values.holder.trim()), method: values.how } }
            : {}),
          amount: cents,
        };
      }),
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
            // A declined token is spent: the entry is tokenised again on the next try.
            token.current = null;
            setProblem(payment.failure_message ?? 'The payment was declined.');
            return;
          }
          entry.setValues(emptyMethodEntry(values.kind));
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
    <Modal
      opened={opened}
      onClose={close}
      title={`Take a payment on account ${account.external_id}`}
      size="lg"
      fullScreen={phone}
    >
      <Stack gap="sm">
        <Text size="sm">Amount due: {formatMoney(account.amount_due_cents)}</Text>
        {rows.map((row, index) => (
          <Group key={index} align="flex-end" wrap={phone ? 'wrap' : 'nowrap'}>
            <Select
              label={rows.length > 1 ? `Payment method ${index + 1}` : 'Payment method'}
              data={optionsFor(index)}
              value={effective[index] ?? null}
              onChange={(value) =>
                setRows(rows.map((item, at) => (at === index ? { ...item, methodID: value } : item)))
              }
              style={{ flex: 2, minWidth: phone ? '100%' : undefined }}
              allowDeselect={false}
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
        {newIndex !== -1 && (
          <Paper withBorder p="sm" component="fieldset" aria-label="New card or bank account" style={{ minWidth: 0 }}>
            <Stack gap="sm">
              <MethodEntryFields
                form={entry}
                merchantID={merchantID}
                merchantName={merchantName}
                switchKind
                withNickname={false}
              />
              <Checkbox
                label="Save for later payments"
                checked={save}
                onChange={(event) => setSave(event.currentTarget.checked)}
              />
              {save && <TextInput label="Nickname" maxLength={60} {...entry.getInputProps('nickname')} />}
            </Stack>
          </Paper>
        )}
        {rows.length < Math.min(MAX_SOURCES, saved.length + 1) && (
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
        <DialogActions
          label={`Pay ${formatMoney(amount + fee.feeCents)}`}
          onConfirm={() => void submit()}
          onCancel={close}
          loading={take.isPending || tokenizing}
        />
      </Stack>
    </Modal>
  );
}
