import { Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '@paydesk/domain/constants';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { useCustomerAccounts } from '../api/conversations';
import classes from './inbox.module.css';

type ComposeModalProps = {
  merchantID: string;
  opened: boolean;
  onClose: () => void;
  /** The chosen customer and account, to open their conversation. */
  onChoose: (customerID: string, accountID: string) => void;
};

/** New message: choose a customer (with one of their accounts) of the merchant to write to. */
export function ComposeModal({ merchantID, opened, onClose, onChoose }: ComposeModalProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const accounts = useCustomerAccounts(merchantID, debounced, opened);
  const results = accounts.data?.results ?? [];

  return (
    <Modal opened={opened} onClose={onClose} title="New message" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <TextInput
          label="Find a customer"
          placeholder="Name, phone, email or account"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        {accounts.isError || accounts.isPending ? (
          <QueryState
            error={accounts.error}
            loadingLabel="Loading customers"
            errorTitle="The customers could not be loaded"
          />
        ) : results.length === 0 ? (
          <Text size="sm" c="dimmed">
            No customer matches.
          </Text>
        ) : (
          <ul className={classes.conversations} aria-label="Customers">
            {results.map((row) => (
              <li key={`${row.customer.id}-${row.account.id}`}>
                <UnstyledButton
                  className={classes.conversation}
                  onClick={() => {
                    onChoose(row.customer.id, row.account.id);
                    onClose();
                  }}
                >
                  <Text size="sm" fw={500}>
                    {row.first_name} {row.last_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Account {row.account.external_id}
                    {row.customer.sms_phone_number ? ` · ${formatPhoneNumber(row.customer.sms_phone_number)}` : ''}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Modal>
  );
}
