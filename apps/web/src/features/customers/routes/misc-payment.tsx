import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { canWaiveConvenienceFee } from '@paydesk/domain/access/capabilities';
import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import { ERROR_MESSAGES } from '@paydesk/domain/errors/error-codes';
import { formatMoney } from '@paydesk/domain/format/money';
import {
  bankAuthorizationText,
  emptyMethodEntry,
  methodEntrySchema,
  tokenizeRequestOf,
  type MethodEntryValues,
} from '@paydesk/domain/payments/method-entry';
import { MINIMUM_PAYMENT_CENTS } from '@paydesk/domain/payments/payments';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { MoneyInput, readMoneyValue, type MoneyValue } from '../../../components/money-input';
import { ApiError } from '../../../lib/api-client';
import { describeError, notifySuccess } from '../../../lib/notify';
import { findMerchantAccessRoles, useSession } from '../../../lib/session-state';
import { useMeetsMerchantRequirement } from '../../../lib/use-merchant-access';
import { usePaymentMethods } from '../api/customers-queries';
import { useMerchantLocations } from '../api/merchant-options';
import { useMiscPayment } from '../api/payments';
import { tokenize, type Tokenized } from '../api/tokenize';
import { AccountPicker, type PickedAccount } from '../components/payments/account-picker';
import { MethodEntryFields } from '../components/payments/method-entry-fields';
import { ReceiptModal } from '../components/payments/receipt-modal';
import { NEW_METHOD } from '../components/payments/take-payment-modal';

type Details = { payer: string; description: string; location: string | null; amount: MoneyValue };

const validateEntry = schemaResolver(methodEntrySchema(), { sync: true });
const REQUIRED = 'This field is required.';

/**
 * Down payment (SPEC §2 `/merchants/:merchantID/misc-payment/**`): a payment on no existing account — a down payment
 * or a one-off charge — with a payer name, a description, the location it is taken at and, optionally, the customer
 * (whose saved methods may then pay). The card or bank account typed here goes only to the tokeniser. One
 * Idempotency-Key per confirmed payment, kept for a retry after a lost answer; the receipt follows.
 */
export function MiscPaymentRoute() {
  const { merchantID = '' } = useParams();
  const { profile } = useSession();
  const merchant = profile?.merchants.find((item) => item.id === merchantID);
  const merchantName = merchant?.name ?? '';
  const allowed = useMeetsMerchantRequirement(merchantID, ACCESS_REQUIREMENTS.paymentTake);
  const mayWaive = canWaiveConvenienceFee({
    roles: findMerchantAccessRoles(profile, merchantID),
    merchant: { check_custom_roles: merchant?.check_custom_roles ?? false },
  });
  const locations = useMerchantLocations(merchantID);
  const [customer, setCustomer] = useState<PickedAccount | null>(null);
  const methods = usePaymentMethods(merchantID, customer?.customerID ?? '');
  const saved = customer ? (methods.data?.results ?? []) : [];
  const [methodID, setMethodID] = useState<string>(NEW_METHOD);
  const [save, setSave] = useState(false);
  const [waive, setWaive] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [receiptID, setReceiptID] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const token = useRef<{ entry: string; tokenized: Tokenized } | null>(null);
  const misc = useMiscPayment(merchantID);
  const details = useForm<Details>({
    initialValues: { payer: '', description: '', location: null, amount: '' },
    validate: {
      payer: (value) => (value.trim() ? null : REQUIRED),
      description: (value) => (value.trim() ? null : REQUIRED),
      location: (value) => (value ? null : REQUIRED),
      amount: (value) => {
        const reading = readMoneyValue(value);
        if (reading.error) return reading.error;
        if ((reading.cents ?? 0) < MINIMUM_PAYMENT_CENTS) return ERROR_MESSAGES['payment.minimum'];
        return null;
      },
    },
  });
  const entry = useForm<MethodEntryValues>({ initialValues: emptyMethodEntry('card'), validate: validateEntry });
  const paying = customer && methodID !== NEW_METHOD ? methodID : NEW_METHOD;

  if (!allowed) {
    return (
      <Stack gap="md">
        <Title order={1} fz="h2">
          Down payment
        </Title>
        <Alert color="yellow">You are not allowed to take payments.</Alert>
      </Stack>
    );
  }

  const tokenFor = async (values: MethodEntryValues): Promise<Tokenized> => {
    const typed = JSON.stringify(values);
    if (token.current?.entry === typed) return token.current.tokenized;
    const tokenized = await tokenize(tokenizeRequestOf(values));
    token.current = { entry: typed, tokenized };
    return tokenized;
  };

  const reset = () => {
    details.reset();
    entry.setValues(emptyMethodEntry('card'));
    setCustomer(null);
    setMethodID(NEW_METHOD);
    setSave(false);
    setWaive(false);
    setRound((value) => value + 1);
    attempt.current = null;
    token.current = null;
  };

  const submit = async () => {
    setProblem(null);
    const first = details.validate().hasErrors;
    const second = paying === NEW_METHOD && entry.validate().hasErrors;
    if (first || second) return;
    const values = details.getValues();
    const entryValues = entry.getValues();
    setBusy(true);
    try {
      const amount = readMoneyValue(values.amount).cents ?? 0;
      let source;
      if (paying === NEW_METHOD) {
        const tokenized = await tokenFor(entryValues);
        source = {
          token: tokenized.token,
          save: Boolean(customer) && save,
          nickname: customer && save ? entryValues.nickname.trim() : '',
          ...(entryValues.kind === 'bank'
            ? {
                authorization: {
                  text: bankAuthorizationText(merchantName, entryValues.holder.trim()),
                  method: entryValues.how,
                },
              }
            : {}),
          amount,
        };
      } else {
        source = { payment_method: paying, amount };
      }
      const input = {
        payer_name: values.payer.trim(),
        description: values.description.trim(),
        ...(customer ? { customer: customer.customerID } : {}),
        location: values.location ?? '',
        sources: [source],
        waive_fee: waive,
      };
      const body = JSON.stringify(input);
      if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() };
      const payment = await misc.mutateAsync({ input, idempotencyKey: attempt.current.key });
      attempt.current = null;
      if (payment.status === 'FAILED') {
        token.current = null;
        setProblem(payment.failure_message ?? 'The payment was declined.');
        return;
      }
      notifySuccess(`${formatMoney(payment.total_amount)} taken from ${values.payer.trim()}`);
      setReceiptID(payment.id);
      reset();
    } catch (error) {
      // An answer (a refusal) ends this attempt; no answer keeps the key so the same payment is charged once.
      if (error instanceof ApiError && error.status > 0 && error.status < 500) attempt.current = null;
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setProblem(Object.values(error.fieldErrors).flat().join(' '));
      } else {
        setProblem(error instanceof Error && !(error instanceof ApiError) ? error.message : describeError(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={760}>
      <Title order={1} fz="h2">
        Down payment
      </Title>
      <Paper withBorder p="lg">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Payer name" withAsterisk maxLength={120} {...details.getInputProps('payer')} />
              <Select
                label="Location"
                withAsterisk
                data={(locations.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
                allowDeselect={false}
                {...details.getInputProps('location')}
              />
            </SimpleGrid>
            <Textarea label="Description" withAsterisk maxLength={500} {...details.getInputProps('description')} />
            <AccountPicker
              key={round}
              merchantID={merchantID}
              searchLabel="Search customers"
              label="Customer (optional)"
              pick="customer"
              onPick={(picked) => {
                setCustomer(picked);
                setMethodID(NEW_METHOD);
              }}
            />
            {customer && saved.length > 0 && (
              <Select
                label="Payment method"
                data={[
                  ...saved.map((method) => ({ value: method.id, label: method.label })),
                  { value: NEW_METHOD, label: 'New card or bank account' },
                ]}
                value={paying}
                onChange={(value) => setMethodID(value ?? NEW_METHOD)}
                allowDeselect={false}
              />
            )}
            {paying === NEW_METHOD && (
              <Paper
                withBorder
                p="sm"
                component="fieldset"
                aria-label="New card or bank account"
                style={{ minWidth: 0 }}
              >
                <Stack gap="sm">
                  <MethodEntryFields
                    form={entry}
                    merchantID={merchantID}
                    merchantName={merchantName}
                    switchKind
                    withNickname={false}
                  />
                  {customer && (
                    <Checkbox
                      label="Save for the customer's later payments"
                      checked={save}
                      onChange={(event) => setSave(event.currentTarget.checked)}
                    />
                  )}
                  {customer && save && (
                    <TextInput label="Nickname" maxLength={60} {...entry.getInputProps('nickname')} />
                  )}
                </Stack>
              </Paper>
            )}
            <MoneyInput label="Amount" withAsterisk {...details.getInputProps('amount')} />
            {mayWaive && (
              <Checkbox
                label="Waive the convenience fee"
                checked={waive}
                onChange={(event) => setWaive(event.currentTarget.checked)}
              />
            )}
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={reset} disabled={busy}>
                Clear
              </Button>
              <Button type="submit" loading={busy}>
                Take payment
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <ReceiptModal merchantID={merchantID} paymentID={receiptID} onClose={() => setReceiptID(null)} />
    </Stack>
  );
}
