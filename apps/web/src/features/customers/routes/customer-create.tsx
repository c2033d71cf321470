import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Fieldset,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import { DEFAULT_LANGUAGE } from '@paydesk/domain/constants';
import {
  breaksAutopayCap,
  consentAffirmationText,
  createCustomerBodySchema,
  type CreateCustomerInput,
} from '@paydesk/domain/customers/customers.contract';
import { ERROR_CATALOGUE } from '@paydesk/domain/errors/catalogue';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MoneyInput, readMoneyValue, type MoneyValue } from '../../../components/money-input';
import { showFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useLeavePrompt } from '../../../lib/use-leave-prompt';
import { useMeetsMerchantRequirement, withMerchant } from '../../../lib/use-merchant-access';
import { useCreateCustomer } from '../api/customers-mutations';
import { useAccountTags, useMerchantLocations } from '../api/merchant-options';
import { AUTOPAY_CAP_HINT, STATUS_CHOICES } from '../components/account-form';
import {
  CustomerFields,
  NO_ADDRESS,
  toAddressInput,
  validateCustomerFields,
  type CustomerFormValues,
} from '../components/customer-form';
import { OptInConfirmModal, type OptInChange } from '../../../components/opt-in-confirm-modal';
import { customerPath } from './customer-list';
import { DateField } from '../../../components/date-field';
import { submitFocusingErrors } from '../../../lib/focus-errors';
import { useMerchantTimeZone } from '../../../lib/merchant-query';

export type CreateFormValues = CustomerFormValues & {
  external_id: string;
  amount_due: MoneyValue;
  due_date: string;
  autopay: boolean;
  convenience_fee: MoneyValue;
  status: string;
  tag_ids: string[];
  text_opt_in: boolean;
  email_opt_in: boolean;
};

const INITIAL_VALUES: CreateFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  sms_phone_number: '',
  date_of_birth: '',
  language: DEFAULT_LANGUAGE,
  location_id: '',
  ...NO_ADDRESS,
  external_id: '',
  amount_due: '',
  due_date: '',
  autopay: false,
  convenience_fee: '',
  status: 'active',
  tag_ids: [],
  text_opt_in: false,
  email_opt_in: false,
};

/** Server and schema paths → form fields. */
const FIELD_MAP: Record<string, string> = {
  'account.external_id': 'external_id',
  'account.amount_due_cents': 'amount_due',
  'account.due_date': 'due_date',
  'account.autopay': 'autopay',
  'account.convenience_fee_cents': 'convenience_fee',
  'account.status': 'status',
  'account.tag_ids': 'tag_ids',
  text_opt_in_affirmation: 'text_opt_in',
  email_opt_in_affirmation: 'email_opt_in',
};
const FIELDS = [
  ...Object.keys(INITIAL_VALUES).filter((key) => !['amount_due', 'convenience_fee'].includes(key)),
  'amount_due',
  'convenience_fee',
];

/** The opt-ins chosen, each of which the user affirms in its own words before the customer is created. */
export function chosenOptIns(values: Pick<CreateFormValues, 'text_opt_in' | 'email_opt_in'>): OptInChange[] {
  return [
    ...(values.text_opt_in ? [{ channel: 'sms', optedIn: true } as const] : []),
    ...(values.email_opt_in ? [{ channel: 'email', optedIn: true } as const] : []),
  ];
}

/** The create body; each opt-in carries the words the confirmation shows for its channel. */
export function toCreateInput(values: CreateFormValues): CreateCustomerInput {
  const amount = readMoneyValue(values.amount_due);
  const fee = readMoneyValue(values.convenience_fee);
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email.trim() || null,
    sms_phone_number: values.sms_phone_number.trim() || null,
    date_of_birth: values.date_of_birth || null,
    language: values.language as CreateCustomerInput['language'],
    location_id: values.location_id,
    ...toAddressInput(values),
    account: {
      external_id: values.external_id,
      amount_due_cents: amount.cents ?? (undefined as unknown as number),
      due_date: values.due_date || null,
      autopay: values.autopay,
      convenience_fee_cents: fee.cents ?? 0,
      status: values.status as CreateCustomerInput['account']['status'],
      tag_ids: values.tag_ids,
    },
    text_opt_in: values.text_opt_in,
    email_opt_in: values.email_opt_in,
    ...(values.text_opt_in ? { text_opt_in_affirmation: consentAffirmationText('sms', true) } : {}),
    ...(values.email_opt_in ? { email_opt_in_affirmation: consentAffirmationText('email', true) } : {}),
  };
}

const createResolver = schemaResolver(createCustomerBodySchema, { sync: true });

/** Every field checked by the domain's schemas, with the spec's messages, before anything is sent. */
export function validateCreate(values: CreateFormValues, timeZone: string | undefined): FormErrors {
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(createResolver(toCreateInput(values)))) {
    const field = FIELD_MAP[path] ?? path;
    if (!errors[field]) errors[field] = message;
  }
  const customer = validateCustomerFields(values, timeZone);
  if (customer.date_of_birth) errors.date_of_birth = customer.date_of_birth;
  const amount = readMoneyValue(values.amount_due);
  if (amount.error) errors.amount_due = amount.error;
  const fee = readMoneyValue(values.convenience_fee);
  if (fee.error) errors.convenience_fee = fee.error;
  if (!values.location_id) errors.location_id = REQUIRED;
  // The schema's cross-field rule runs only once every field is valid; show it at once.
  if (breaksAutopayCap(values.autopay, values.due_date))
    errors.due_date = ERROR_CATALOGUE['account.due_date.autopay_cap'];
  return errors;
}

/** /merchants/:merchantID/customers/create: the customer, its first account, location, tags and opt-ins. */
export function CustomerCreateRoute() {
  const { merchantID = '' } = useParams();
  const navigate = useNavigate();
  const locations = useMerchantLocations(merchantID);
  const tags = useAccountTags(merchantID);
  const createCustomer = useCreateCustomer(merchantID);
  const mayAddLocation = useMeetsMerchantRequirement(merchantID, ACCESS_REQUIREMENTS.merchantSettings);
  const timeZone = useMerchantTimeZone(merchantID);
  const form = useForm<CreateFormValues>({
    initialValues: INITIAL_VALUES,
    validate: (values) => validateCreate(values, timeZone),
  });
  const leavePrompt = useLeavePrompt(form.isDirty() && !form.submitting);
  const listPath = `/merchants/${encodeURIComponent(merchantID)}/customers`;
  // The checked values waiting for the opt-in affirmation (I'm Sure) before they are sent.
  const [affirming, setAffirming] = useState<CreateFormValues | null>(null);

  const create = async (values: CreateFormValues) => {
    form.setSubmitting(true);
    try {
      const customer = await createCustomer.mutateAsync(toCreateInput(values));
      form.resetDirty();
      notifySuccess(`${customer.first_name} ${customer.last_name} created`);
      navigate(customerPath(merchantID, customer.id));
    } catch (error) {
      showFormError(form, error, {
        fields: FIELDS,
        fieldMap: FIELD_MAP,
        codeFields: {
          'account.external_id.clash': 'external_id',
          'phone_number.duplicate': 'sms_phone_number',
          'account.amount_due_required': 'amount_due',
          'account.due_date.autopay_cap': 'due_date',
          'account.negative_convenience_fee': 'convenience_fee',
          'customer.dob_in_future': 'date_of_birth',
          'location.customer_account_mismatch': 'location_id',
        },
      });
    } finally {
      form.setSubmitting(false);
    }
  };

  const handleSubmit = submitFocusingErrors(form, async (values) => {
    if (chosenOptIns(values).length > 0) setAffirming(values);
    else await create(values);
  });

  // Every customer belongs to a location: without one the form would offer an empty required choice.
  if (locations.isSuccess && locations.data.length === 0) {
    return (
      <Stack gap="lg" maw={900}>
        <title>Create customer · Customers · Paydesk</title>
        <Title order={1}>Create customer</Title>
        <Alert color="blue" title="Add a location first" icon={<IconMapPin size={18} />}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Each customer belongs to one of the merchant’s locations, and this merchant has none yet.
              {mayAddLocation ? '' : ' Ask an administrator of the merchant to add one.'}
            </Text>
            {mayAddLocation && (
              <Button component={Link} to={withMerchant('/locations/create', merchantID)} size="sm">
                Add a location
              </Button>
            )}
          </Stack>
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={900}>
      <title>Create customer · Customers · Paydesk</title>
      <Title order={1}>Create customer</Title>
      <Paper withBorder p="lg">
        <form onSubmit={handleSubmit} noValidate aria-label="Create customer">
          <Fieldset variant="unstyled" disabled={form.submitting}>
            <Stack gap="lg">
              <Title order={2} fz="h4">
                Customer
              </Title>
              <CustomerFields form={form} locations={locations.data ?? []} />
              <Divider />
              <Title order={2} fz="h4">
                First account
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label="Account number" withAsterisk {...form.getInputProps('external_id')} />
                <NativeSelect label="Status" data={STATUS_CHOICES} {...form.getInputProps('status')} />
                <MoneyInput label="Amount due" withAsterisk {...form.getInputProps('amount_due')} />
                <MoneyInput label="Convenience fee" {...form.getInputProps('convenience_fee')} />
                <DateField label="Due date" {...form.getInputProps('due_date')} />
                <MultiSelect
                  label="Tags"
                  searchable
                  data={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
                  {...form.getInputProps('tag_ids')}
                />
              </SimpleGrid>
              <Switch label="Autopay" {...form.getInputProps('autopay', { type: 'checkbox' })} />
              {form.values.autopay && (
                <Text size="sm" c="dimmed">
                  {AUTOPAY_CAP_HINT}
                </Text>
              )}
              <Divider />
              <Title order={2} fz="h4">
                Opt-ins
              </Title>
              <Group gap="xl">
                <Checkbox label="Text opt-in" {...form.getInputProps('text_opt_in', { type: 'checkbox' })} />
                <Checkbox label="Email opt-in" {...form.getInputProps('email_opt_in', { type: 'checkbox' })} />
              </Group>
              {chosenOptIns(form.values).length > 0 && (
                <Text size="sm" c="dimmed">
                  You will be asked to affirm the customer&apos;s permission for each opt-in.
                </Text>
              )}
              <Group justify="flex-end" gap="sm">
                <Button component={Link} to={listPath} variant="default">
                  Cancel
                </Button>
                <Button type="submit" loading={form.submitting}>
                  Create customer
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        </form>
      </Paper>
      <OptInConfirmModal
        changes={affirming ? chosenOptIns(affirming) : []}
        customerName={affirming ? `${affirming.first_name} ${affirming.last_name}`.trim() : ''}
        loading={form.submitting}
        onConfirm={() => {
          const values = affirming;
          setAffirming(null);
          if (values) void create(values);
        }}
        onClose={() => setAffirming(null)}
      />
      {leavePrompt}
    </Stack>
  );
}
