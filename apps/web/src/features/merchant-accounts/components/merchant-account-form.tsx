import {
  Button,
  Divider,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import {
  MERCHANT_ACCOUNT_KIND_LABELS,
  MERCHANT_ACCOUNT_KINDS,
  PROCESSOR_LABELS,
  PROCESSORS,
  merchantAccountInputSchema,
  merchantAccountPatchSchema,
  type MerchantAccount,
  type MerchantAccountInput,
} from '@paydesk/domain/locations/merchant-accounts.contract';
import { REQUIRED, decimalPlacesMessage } from '@paydesk/domain/validation/messages';
import { percentField } from '@paydesk/domain/validation/rules';
import type { ReactNode } from 'react';
import { LocationPicker } from '../../../components/location-picker';
import { MoneyInput, readMoneyValue, toMoneyValue, type MoneyValue } from '../../../components/money-input';
import { showFormError } from '../../../lib/form-errors';
import { useLeavePrompt } from '../../../lib/use-leave-prompt';
import type { MerchantAccountPatchInput } from '../api/merchant-accounts';
import { submitFocusingErrors } from '../../../lib/focus-errors';

export type MerchantAccountFormValues = {
  location_id: string | null;
  name: string;
  kind: string;
  processor: string;
  processor_merchant_id: string;
  deposit_routing_number: string;
  /** Typed in full; on an existing account empty keeps the stored last four. */
  deposit_account_number: string;
  /** The rate as a percent (2.95); basis points (295) on the wire. */
  rate_percent: number | string;
  per_transaction: MoneyValue;
  convenience_fee_enabled: boolean;
  convenience_fee: MoneyValue;
  status: string;
};

type MerchantAccountFormProps = {
  merchantID: string;
  account?: MerchantAccount;
  /** The location a new account starts at (the list's location). */
  defaultLocationID?: string | null;
  submitLabel: string;
  /** A new account sends the whole body (POST); an existing one what may have changed (PATCH). */
  onSubmit: (input: MerchantAccountInput & MerchantAccountPatchInput) => Promise<unknown>;
  readOnly?: boolean;
  actions?: ReactNode;
};

const FIELDS = [
  'location_id',
  'name',
  'kind',
  'processor',
  'processor_merchant_id',
  'deposit_routing_number',
  'deposit_account_number',
  'rate_percent',
  'per_transaction',
  'convenience_fee_enabled',
  'convenience_fee',
  'status',
];

/** API fields to the form's (amounts and the rate are shown in dollars and percent). */
const FIELD_MAP = {
  rate_bps: 'rate_percent',
  per_transaction_cents: 'per_transaction',
  convenience_fee_cents: 'convenience_fee',
};

const KIND_OPTIONS = MERCHANT_ACCOUNT_KINDS.map((kind) => ({ value: kind, label: MERCHANT_ACCOUNT_KIND_LABELS[kind] }));
const PROCESSOR_OPTIONS = PROCESSORS.map((processor) => ({ value: processor, label: PROCESSOR_LABELS[processor] }));
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const RATE_RULE = percentField({ min: 0, max: 100 });

/** Percent as typed to basis points; an error message when it is not a rate. */
export function readRate(value: number | string): { bps: number; error: null } | { bps: undefined; error: string } {
  const result = RATE_RULE.safeParse(value);
  if (!result.success) return { bps: undefined, error: result.error.issues[0]?.message ?? REQUIRED };
  if (/\.\d{3,}$/.test(String(value).trim())) return { bps: undefined, error: decimalPlacesMessage(2) };
  return { bps: Math.round(result.data * 100), error: null };
}

const resolveCreate = schemaResolver(merchantAccountInputSchema, { sync: true });
const resolvePatch = schemaResolver(merchantAccountPatchSchema, { sync: true });

/** The body the server receives; values that are not numbers yet stay out, so their own messages show. */
export function toMerchantAccountInput(
  values: MerchantAccountFormValues,
  existing: boolean,
): MerchantAccountInput & MerchantAccountPatchInput {
  const rate = readRate(values.rate_percent);
  const perTransaction = readMoneyValue(values.per_transaction);
  const fee = readMoneyValue(values.convenience_fee);
  const input: Record<string, unknown> = {
    location_id: values.location_id ?? '',
    name: values.name,
    kind: values.kind,
    processor: values.processor,
    processor_merchant_id: values.processor_merchant_id,
    deposit_routing_number: values.deposit_routing_number,
    rate_bps: rate.bps ?? 0,
    per_transaction_cents: perTransaction.cents ?? 0,
    convenience_fee_enabled: values.convenience_fee_enabled,
    convenience_fee_cents: fee.cents ?? null,
    status: values.status,
  };
  if (!existing || values.deposit_account_number.trim() !== '') {
    input.deposit_account_number = values.deposit_account_number;
  }
  return input as MerchantAccountInput & MerchantAccountPatchInput;
}

function validator(existing: boolean) {
  return (values: MerchantAccountFormValues): FormErrors => {
    const errors: FormErrors = {};
    const resolve = existing ? resolvePatch : resolveCreate;
    for (const [path, message] of Object.entries(resolve(toMerchantAccountInput(values, existing)))) {
      errors[FIELD_MAP[path as keyof typeof FIELD_MAP] ?? path] = message;
    }
    // The patch schema has no "required when on" rule: the same rule, here.
    if (values.convenience_fee_enabled && readMoneyValue(values.convenience_fee).cents === null) {
      errors.convenience_fee = REQUIRED;
    }
    const rate = readRate(values.rate_percent);
    if (rate.error) errors.rate_percent = rate.error;
    const perTransaction = readMoneyValue(values.per_transaction);
    if (perTransaction.error) errors.per_transaction = perTransaction.error;
    const fee = readMoneyValue(values.convenience_fee);
    if (fee.error) errors.convenience_fee = fee.error;
    return errors;
  };
}

function toFormValues(
  account: MerchantAccount | undefined,
  defaultLocationID: string | null,
): MerchantAccountFormValues {
  return {
    location_id: account?.location_id ?? defaultLocationID,
    name: account?.name ?? '',
    kind: account?.kind ?? 'card',
    processor: account?.processor ?? 'sandbox',
    processor_merchant_id: account?.processor_merchant_id ?? '',
    deposit_routing_number: account?.deposit_routing_number ?? '',
    deposit_account_number: '',
    rate_percent: account ? account.rate_bps / 100 : '',
    per_transaction: account ? toMoneyValue(account.per_transaction_cents) : '',
    convenience_fee_enabled: account?.convenience_fee_enabled ?? false,
    convenience_fee: toMoneyValue(account?.convenience_fee_cents),
    status: account?.status ?? 'active',
  };
}

/** A merchant account: its location, processor and MID, deposit bank account, pricing and convenience fee. */
export function MerchantAccountForm({
  merchantID,
  account,
  defaultLocationID = null,
  submitLabel,
  onSubmit,
  readOnly = false,
  actions,
}: MerchantAccountFormProps) {
  const existing = account !== undefined;
  const form = useForm<MerchantAccountFormValues>({
    initialValues: toFormValues(account, defaultLocationID),
    validate: validator(existing),
  });
  const leavePrompt = useLeavePrompt(!readOnly && form.isDirty() && !form.submitting);

  const handleSubmit = submitFocusingErrors(form, async (values) => {
    try {
      await onSubmit(toMerchantAccountInput(values, existing));
      form.setFieldValue('deposit_account_number', '');
      form.resetDirty({ ...values, deposit_account_number: '' });
    } catch (error) {
      showFormError(form, error, { fields: FIELDS, fieldMap: FIELD_MAP });
    }
  });

  const choice = (field: 'kind' | 'processor' | 'status') => ({
    ...form.getInputProps(field),
    onChange: (value: string | null) => form.setFieldValue(field, value ?? ''),
    allowDeselect: false,
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Fieldset variant="unstyled" disabled={readOnly || form.submitting}>
        <Stack gap="lg" maw={720}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <LocationPicker
                merchantID={merchantID}
                withAsterisk={!readOnly}
                {...form.getInputProps('location_id')}
                value={form.values.location_id}
                onChange={(value) => form.setFieldValue('location_id', value)}
              />
              <TextInput label="Name" withAsterisk={!readOnly} {...form.getInputProps('name')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Select label="Kind" withAsterisk={!readOnly} data={KIND_OPTIONS} {...choice('kind')} />
              <Select label="Processor" withAsterisk={!readOnly} data={PROCESSOR_OPTIONS} {...choice('processor')} />
              <Select label="Status" withAsterisk={!readOnly} data={STATUS_OPTIONS} {...choice('status')} />
            </SimpleGrid>
            <TextInput
              label="Processor merchant ID (MID)"
              withAsterisk={!readOnly}
              {...form.getInputProps('processor_merchant_id')}
            />
          </Stack>

          <Divider />
          <div>
            <Text fw={600} mb="sm">
              Deposit bank account
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Routing number"
                withAsterisk={!readOnly}
                inputMode="numeric"
                maxLength={9}
                {...form.getInputProps('deposit_routing_number')}
              />
              <TextInput
                label="Account number"
                withAsterisk={!readOnly && !existing}
                inputMode="numeric"
                autoComplete="off"
                maxLength={17}
                description={
                  account
                    ? `On file: •••• ${account.deposit_account_last4}${readOnly ? '' : '. Leave empty to keep it.'}`
                    : 'Only the last four digits are kept.'
                }
                {...form.getInputProps('deposit_account_number')}
              />
            </SimpleGrid>
          </div>

          <Divider />
          <div>
            <Text fw={600} mb="sm">
              Pricing
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NumberInput
                label="Rate"
                withAsterisk={!readOnly}
                suffix="%"
                decimalScale={2}
                allowNegative
                hideControls
                inputMode="decimal"
                placeholder="2.95%"
                {...form.getInputProps('rate_percent')}
              />
              <MoneyInput
                label="Per transaction"
                placeholder="$0.00"
                description="Empty is no per-transaction charge."
                {...form.getInputProps('per_transaction')}
              />
            </SimpleGrid>
            <Stack gap="sm" mt="md">
              <Switch
                label="Charge customers a convenience fee"
                {...form.getInputProps('convenience_fee_enabled', { type: 'checkbox' })}
              />
              {form.values.convenience_fee_enabled && (
                <MoneyInput
                  label="Convenience fee"
                  withAsterisk={!readOnly}
                  maw={320}
                  {...form.getInputProps('convenience_fee')}
                />
              )}
            </Stack>
          </div>

          <Group gap="sm">
            {!readOnly && (
              <Button type="submit" loading={form.submitting}>
                {submitLabel}
              </Button>
            )}
            {actions}
          </Group>
        </Stack>
      </Fieldset>
      {leavePrompt}
    </form>
  );
}
