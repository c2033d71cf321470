import { Modal, Radio, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '@paydesk/domain/constants';
import {
  inlineCustomerSchema,
  type AddCoBorrowerInput,
  type CustomerAccount,
} from '@paydesk/domain/customers/customers.contract';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';
import { formatFullName } from '@paydesk/domain/format/user';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { showFormError } from '../../../lib/form-errors';
import { useCustomers } from '../api/customers-queries';
import { submitFocusingErrors } from '../../../lib/focus-errors';

type AddCoBorrowerModalProps = {
  merchantID: string;
  account: CustomerAccount | null;
  onSubmit: (input: AddCoBorrowerInput) => Promise<unknown>;
  onClose: () => void;
};

const NEW_FIELDS = ['first_name', 'last_name', 'email', 'sms_phone_number'] as const;
const validateNew = schemaResolver(inlineCustomerSchema, { sync: true });

/** Add a co-borrower to an account: an existing customer found by search, or a new one. */
export function AddCoBorrowerModal({ merchantID, account, onSubmit, onClose }: AddCoBorrowerModalProps) {
  return (
    <Modal
      opened={account !== null}
      onClose={onClose}
      title={account ? `Add a co-borrower to account ${account.external_id}` : ''}
      centered
      size="lg"
    >
      {account && <AddCoBorrowerForm merchantID={merchantID} account={account} onSubmit={onSubmit} onClose={onClose} />}
    </Modal>
  );
}

function AddCoBorrowerForm({
  merchantID,
  account,
  onSubmit,
  onClose,
}: AddCoBorrowerModalProps & { account: CustomerAccount }) {
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState('');
  const [chooseError, setChooseError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const found = useCustomers(merchantID, { page: 1, pageSize: 50, search: debounced });
  const onAccount = new Set(account.customers.map((person) => person.id));
  const candidates = debounced ? (found.data?.results ?? []).filter((row) => !onAccount.has(row.id)) : [];
  const form = useForm({
    initialValues: { first_name: '', last_name: '', email: '', sms_phone_number: '' },
    validate: validateNew,
  });

  const addExisting = async () => {
    if (!chosen) {
      setChooseError('Choose a customer');
      return;
    }
    setSaving(true);
    try {
      await onSubmit({ customer_id: chosen });
    } catch (error) {
      setChooseError(error instanceof Error ? error.message : 'The co-borrower could not be added');
    } finally {
      setSaving(false);
    }
  };

  const addNew = submitFocusingErrors(form, async (values) => {
    try {
      await onSubmit({
        customer: {
          first_name: values.first_name,
          last_name: values.last_name,
          email: values.email.trim() || null,
          sms_phone_number: values.sms_phone_number.trim() || null,
        },
      });
    } catch (error) {
      showFormError(form, error, {
        fields: NEW_FIELDS,
        fieldMap: Object.fromEntries(NEW_FIELDS.map((field) => [`customer.${field}`, field])),
        codeFields: { 'phone_number.duplicate': 'sms_phone_number' },
      });
    }
  });

  return (
    <Stack gap="md">
      <SegmentedControl
        value={mode}
        onChange={(value) => setMode(value as 'existing' | 'new')}
        data={[
          { value: 'existing', label: 'Existing customer' },
          { value: 'new', label: 'New customer' },
        ]}
        aria-label="Who to add"
      />
      {mode === 'existing' ? (
        <Stack gap="sm">
          <TextInput
            label="Find a customer"
            placeholder="Name, account, email or phone"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Radio.Group
            label="Customers found"
            value={chosen}
            onChange={(value) => {
              setChosen(value);
              setChooseError(null);
            }}
            error={chooseError}
          >
            <Stack gap="xs" mt="xs">
              {candidates.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {debounced ? 'No customers found.' : 'Type to search.'}
                </Text>
              ) : (
                candidates.map((row) => (
                  <Radio
                    key={row.id}
                    value={row.id}
                    label={[formatFullName(row), row.external_id, formatPhoneNumber(row.sms_phone_number)]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                ))
              )}
            </Stack>
          </Radio.Group>
          <DialogActions
            label="Add co-borrower"
            onConfirm={addExisting}
            onCancel={onClose}
            loading={saving}
            cancelDisabled={saving}
          />
        </Stack>
      ) : (
        <form onSubmit={addNew} noValidate aria-label="New co-borrower">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="First name" withAsterisk {...form.getInputProps('first_name')} />
              <TextInput label="Last name" withAsterisk {...form.getInputProps('last_name')} />
              <TextInput label="Mobile phone" type="tel" {...form.getInputProps('sms_phone_number')} />
              <TextInput label="Email" type="email" {...form.getInputProps('email')} />
            </SimpleGrid>
            <DialogActions
              label="Add co-borrower"
              onCancel={onClose}
              loading={form.submitting}
              cancelDisabled={form.submitting}
            />
          </Stack>
        </form>
      )}
    </Stack>
  );
}
