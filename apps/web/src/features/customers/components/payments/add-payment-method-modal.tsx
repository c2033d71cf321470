import { Alert, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  CARD_BRAND_LABELS,
  cardBrandOf,
  cardDigits,
  cardNumberMessage,
  cardNumberProblem,
  isBankAccountNumber,
  isCvcValid,
  isExpiryValid,
  isRoutingNumber,
} from '@paydesk/domain/payments/card-entry';
import { BANK_AUTHORIZATION_METHODS, type BankAuthorizationMethod } from '@paydesk/domain/payments/payments';
import { ERROR_MESSAGES, type ErrorCode } from '@paydesk/domain/errors/error-codes';
import { useState } from 'react';
import { describeError, notifySuccess } from '../../../../lib/notify';
import { useAddPaymentMethod } from '../../api/payments';

export type MethodKind = 'card' | 'bank';

const AUTHORIZATION_METHOD_LABELS: Record<BankAuthorizationMethod, string> = {
  phone: 'By phone',
  in_person: 'In person',
  web: 'On the web',
};

/** The words a customer agrees to for debits from their bank account (Nacha: kept as shown, with who and how). */
export function bankAuthorizationText(merchantName: string, holder: string): string {
  return (
    `I, ${holder || 'the account holder'}, authorize ${merchantName} to debit my bank account for the payments I ` +
    `agree to, and to credit it for any refund. This authorization stays in effect until I revoke it by contacting ` +
    `${merchantName}, in time for them to act on it.`
  );
}

type TokenAnswer = { token?: string; code?: ErrorCode; detail?: string; [field: string]: unknown };

/**
 * The card number and CVC (or the bank account number) go only to the processor's tokeniser; Paydesk's API receives
 * the token it answers. Nothing of the entry stays in state once saved.
 */
async function tokenize(entry: object): Promise<string> {
  const response = await fetch('/sandbox/gateway/tokens/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(entry),
  });
  const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
  if (response.ok && typeof answer.token === 'string') return answer.token;
  if (answer.code && answer.code in ERROR_MESSAGES) throw new Error(ERROR_MESSAGES[answer.code]);
  const messages = Object.values(answer).flatMap((value) => (Array.isArray(value) ? value : []));
  throw new Error(messages.join(' ') || 'The processor refused this entry.');
}

export function AddPaymentMethodModal({
  merchantID,
  merchantName,
  customerID,
  kind,
  onClose,
}: {
  merchantID: string;
  merchantName: string;
  customerID: string;
  kind: MethodKind | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={kind !== null} onClose={onClose} title={kind === 'bank' ? 'Add bank account' : 'Add card'}>
      {kind && (
        <MethodForm
          key={kind}
          kind={kind}
          merchantID={merchantID}
          merchantName={merchantName}
          customerID={customerID}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function MethodForm({
  kind,
  merchantID,
  merchantName,
  customerID,
  onDone,
}: {
  kind: MethodKind;
  merchantID: string;
  merchantName: string;
  customerID: string;
  onDone: () => void;
}) {
  const add = useAddPaymentMethod(merchantID, customerID);
  const [fields, setFields] = useState({
    number: '',
    expiry: '',
    cvc: '',
    routing: '',
    account: '',
    holder: '',
    nickname: '',
  });
  const [how, setHow] = useState<BankAuthorizationMethod>('phone');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof fields) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setFields({ ...fields, [name]: event.currentTarget.value });
  const digits = cardDigits(fields.number);
  const brand = digits.length >= 4 ? cardBrandOf(digits) : null;
  const authorization = bankAuthorizationText(merchantName, fields.holder.trim());

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (kind === 'card') {
      const problem = cardNumberProblem(fields.number);
      if (problem) found.number = cardNumberMessage(problem);
      const [month, year] = fields.expiry.split('/').map((part) => Number(part.trim()));
      if (!month || !year || !isExpiryValid(month, year < 100 ? 2000 + year : year, new Date())) {
        found.expiry = 'Enter a valid expiry date (MM/YY).';
      }
      if (!isCvcValid(fields.cvc.trim(), cardBrandOf(digits))) found.cvc = 'Security code is invalid.';
    } else {
      if (!isRoutingNumber(fields.routing.trim())) found.routing = 'Enter a valid 9-digit routing number.';
      if (!isBankAccountNumber(fields.account.trim())) found.account = 'Enter a valid account number.';
      if (!fields.holder.trim()) found.holder = 'This field is required.';
      if (!agreed) found.agreed = 'The customer must give this authorisation.';
    }
    return found;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const [month, year] = fields.expiry.split('/').map((part) => Number(part.trim()));
      const token = await tokenize(
        kind === 'card'
          ? {
              card: {
                number: digits,
                exp_month: month,
                exp_year: (year ?? 0) < 100 ? 2000 + (year ?? 0) : year,
                cvc: fields.cvc.trim(),
              },
            }
          : {
              bank: {
                routing_number: fields.routing.trim(),
                account_number: fields.account.trim(),
                account_holder: fields.holder.trim(),
              },
            },
      );
      const method = await add.mutateAsync({
        token,
        nickname: fields.nickname.trim(),
        ...(kind === 'bank' ? { authorization: { text: authorization, method: how } } : {}),
      });
      setFields({ number: '', expiry: '', cvc: '', routing: '', account: '', holder: '', nickname: '' });
      notifySuccess(`${method.label} added`);
      onDone();
    } catch (error) {
      setFailure(error instanceof Error && !('status' in error) ? error.message : describeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="sm">
        {kind === 'card' ? (
          <>
            <TextInput
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              value={fields.number}
              onChange={set('number')}
              error={errors.number}
              description={brand && brand !== 'unknown' ? CARD_BRAND_LABELS[brand] : undefined}
              withAsterisk
            />
            <SimpleGrid cols={2}>
              <TextInput
                label="Expiry (MM/YY)"
                autoComplete="cc-exp"
                value={fields.expiry}
                onChange={set('expiry')}
                error={errors.expiry}
                withAsterisk
              />
              <TextInput
                label="Security code"
                inputMode="numeric"
                autoComplete="cc-csc"
                value={fields.cvc}
                onChange={set('cvc')}
                error={errors.cvc}
                withAsterisk
              />
            </SimpleGrid>
          </>
        ) : (
          <>
            <TextInput
              label="Account holder"
              value={fields.holder}
              onChange={set('holder')}
              error={errors.holder}
              withAsterisk
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label="Routing number"
                inputMode="numeric"
                value={fields.routing}
                onChange={set('routing')}
                error={errors.routing}
                withAsterisk
              />
              <TextInput
                label="Account number"
                inputMode="numeric"
                value={fields.account}
                onChange={set('account')}
                error={errors.account}
                withAsterisk
              />
            </SimpleGrid>
            <Text size="sm" p="sm" bg="gray.0" style={{ borderRadius: 4 }}>
              {authorization}
            </Text>
            <Select
              label="How the customer gave it"
              data={BANK_AUTHORIZATION_METHODS.map((value) => ({ value, label: AUTHORIZATION_METHOD_LABELS[value] }))}
              value={how}
              onChange={(value) => setHow((value as BankAuthorizationMethod | null) ?? 'phone')}
              allowDeselect={false}
            />
            <Checkbox
              label="The customer gave this authorisation"
              checked={agreed}
              onChange={(event) => setAgreed(event.currentTarget.checked)}
              error={errors.agreed}
            />
          </>
        )}
        <TextInput label="Nickname" value={fields.nickname} onChange={set('nickname')} maxLength={60} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {kind === 'bank' ? 'Add bank account' : 'Add card'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
