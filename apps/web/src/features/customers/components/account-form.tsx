import { Button, Group, MultiSelect, NativeSelect, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { AUTOPAY_DUE_DAY_CAP } from '@paydesk/domain/constants';
import {
  MANAGED_IN_FRESHBOOKS,
  ACCOUNT_STATUSES,
  accountPatchSchema,
  breaksAutopayCap,
  type AccountPatchInput,
  type CustomerAccount,
} from '@paydesk/domain/customers/customers.contract';
import { ERROR_CATALOGUE } from '@paydesk/domain/errors/catalogue';
import { accountStatusDisplay } from '@paydesk/domain/format/account-status';
import { MoneyInput, readMoneyValue, toMoneyValue, type MoneyValue } from '../../../components/money-input';
import { showFormError } from '../../../lib/form-errors';
import { useLeavePrompt } from '../../../lib/use-leave-prompt';
import type { NamedOption } from '../api/merchant-options';
import { OptionSelect } from './option-select';
import { DateField } from '../../../components/date-field';
import { submitFocusingErrors, useFocusFirstField } from '../../../lib/focus-errors';

export type AccountFormValues = {
  external_id: string;
  amount_due: MoneyValue;
  due_date: string;
  autopay: boolean;
  convenience_fee: MoneyValue;
  status: string;
  tag_ids: string[];
  location_id: string;
};

export const STATUS_CHOICES = ACCOUNT_STATUSES.map((value) => ({
  value,
  label: value === 'do_not_contact' ? 'Do Not Contact' : accountStatusDisplay(value).label,
}));

/** SPEC §5: with autopay on, the due date's day is the 28th or earlier. */
export const AUTOPAY_CAP_HINT = `With autopay on, the due date must be on or before day ${AUTOPAY_DUE_DAY_CAP} of the month.`;

const FIELD_MAP = { amount_due_cents: 'amount_due', convenience_fee_cents: 'convenience_fee' };
const FIELDS = [
  'external_id',
  'amount_due',
  'due_date',
  'autopay',
  'convenience_fee',
  'status',
  'tag_ids',
  'location_id',
];

const patchResolver = schemaResolver(accountPatchSchema, { sync: true });

/** The body the server receives; an amount that is not one is left out so validation reports it on its field. */
export function toAccountPatch(values: AccountFormValues): AccountPatchInput {
  const amount = readMoneyValue(values.amount_due);
  const fee = readMoneyValue(values.convenience_fee);
  return {
    external_id: values.external_id,
    ...(amount.cents !== undefined ? { amount_due_cents: amount.cents ?? undefined } : {}),
    due_date: values.due_date || null,
    autopay: values.autopay,
    ...(fee.cents !== undefined ? { convenience_fee_cents: fee.cents ?? 0 } : {}),
    status: values.status as AccountPatchInput['status'],
    tag_ids: values.tag_ids,
    location_id: values.location_id,
  };
}

/** The domain's account rules on the form's values, amounts in dollars. */
export function validateAccount(values: AccountFormValues): FormErrors {
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(patchResolver(toAccountPatch(values)))) {
    errors[FIELD_MAP[path as keyof typeof FIELD_MAP] ?? path] = message;
  }
  const amount = readMoneyValue(values.amount_due);
  if (amount.error) errors.amount_due = amount.error;
  else if (amount.cents === null) errors.amount_due = ERROR_CATALOGUE['account.amount_due_required'];
  const fee = readMoneyValue(values.convenience_fee);
  if (fee.error) errors.convenience_fee = fee.error;
  // The schema's cross-field rule runs only once every field is valid; show it at once.
  if (breaksAutopayCap(values.autopay, values.due_date))
    errors.due_date = ERROR_CATALOGUE['account.due_date.autopay_cap'];
  return errors;
}

function toFormValues(account: CustomerAccount): AccountFormValues {
  return {
    external_id: account.external_id,
    amount_due: toMoneyValue(account.amount_due_cents),
    due_date: account.due_date ?? '',
    autopay: account.autopay,
    convenience_fee: toMoneyValue(account.convenience_fee_cents),
    status: account.status,
    tag_ids: account.tags.map((tag) => tag.id),
    location_id: account.location.id,
  };
}

type AccountFormProps = {
  account: CustomerAccount;
  locations: readonly NamedOption[];
  tags: readonly NamedOption[];
  onSubmit: (input: AccountPatchInput) => Promise<unknown>;
  onCancel: () => void;
  /** At an integrated merchant FreshBooks keeps the amount due: read-only here, and not sent. */
  managedByFreshbooks?: boolean;
};

/** Edit an account: amount due, due date, autopay flag, convenience fee, status, tags, location, external id. */
export function AccountForm({
  account,
  locations,
  tags,
  onSubmit,
  onCancel,
  managedByFreshbooks = false,
}: AccountFormProps) {
  const form = useForm<AccountFormValues>({ initialValues: toFormValues(account), validate: validateAccount });
  const leavePrompt = useLeavePrompt(form.isDirty() && !form.submitting);
  const formRef = useFocusFirstField<HTMLFormElement>();
  const tagOptions = [
    ...tags.map((tag) => ({ value: tag.id, label: tag.name })),
    ...account.tags
      .filter((tag) => !tags.some((option) => option.id === tag.id))
      .map((tag) => ({ value: tag.id, label: tag.name })),
  ];

  const handleSubmit = submitFocusingErrors(form, async (values) => {
    try {
      const patch = toAccountPatch(values);
      if (managedByFreshbooks) delete patch.amount_due_cents;
      await onSubmit(patch);
      form.resetDirty();
    } catch (error) {
      showFormError(form, error, {
        fields: FIELDS,
        fieldMap: FIELD_MAP,
        codeFields: {
          'account.external_id.clash': 'external_id',
          'account.due_date.autopay_cap': 'due_date',
          'account.negative_convenience_fee': 'convenience_fee',
          'location.customer_account_mismatch': 'location_id',
        },
      });
    }
  });

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label={`Edit account ${account.external_id}`}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Account number" withAsterisk {...form.getInputProps('external_id')} />
          <NativeSelect label="Status" data={STATUS_CHOICES} {...form.getInputProps('status')} />
          <MoneyInput
            label="Amount due"
            withAsterisk
            {...form.getInputProps('amount_due')}
            {...(managedByFreshbooks ? { readOnly: true, variant: 'filled', description: MANAGED_IN_FRESHBOOKS } : {})}
          />
          <MoneyInput label="Convenience fee" {...form.getInputProps('convenience_fee')} />
          <DateField label="Due date" {...form.getInputProps('due_date')} />
          <OptionSelect
            label="Location"
            emptyLabel="Choose a location"
            options={locations.length ? locations : [account.location]}
            value={form.values.location_id}
            onChange={(value) => form.setFieldValue('location_id', value)}
            error={form.errors.location_id as string | undefined}
          />
        </SimpleGrid>
        <Switch label="Autopay" {...form.getInputProps('autopay', { type: 'checkbox' })} />
        {form.values.autopay && (
          <Text size="sm" c="dimmed">
            {AUTOPAY_CAP_HINT}
          </Text>
        )}
        <MultiSelect label="Tags" data={tagOptions} searchable {...form.getInputProps('tag_ids')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Save account
          </Button>
        </Group>
      </Stack>
      {leavePrompt}
    </form>
  );
}
