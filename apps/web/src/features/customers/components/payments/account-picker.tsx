import { Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '@paydesk/domain/constants';
import type { CustomerListRow } from '@paydesk/domain/customers/customers.contract';
import { formatMoney } from '@paydesk/domain/format/money';
import { useState } from 'react';
import { useCustomers } from '../../api/customers-queries';

export type PickedAccount = { customerID: string; accountID: string | null; label: string };

function optionsOf(rows: readonly CustomerListRow[], pick: 'account' | 'customer', exclude?: string | null) {
  if (pick === 'customer') {
    return rows.map((row) => ({
      value: `${row.id}|`,
      label: `${row.first_name} ${row.last_name}${row.external_id ? ` · ${row.external_id}` : ''}`,
    }));
  }
  return rows.flatMap((row) =>
    row.accounts
      .filter((account) => account.id !== exclude)
      .map((account) => ({
        value: `${row.id}|${account.id}`,
        label: `${row.first_name} ${row.last_name} · ${account.external_id} (${formatMoney(account.amount_due_cents)} due)`,
      })),
  );
}

/**
 * Searches the merchant's customers (name, account number, phone or email), then picks one of them or one of their
 * accounts.
 */
export function AccountPicker({
  merchantID,
  searchLabel,
  label,
  pick,
  excludeAccountID,
  error,
  required = false,
  onPick,
}: {
  merchantID: string;
  searchLabel: string;
  label: string;
  pick: 'account' | 'customer';
  excludeAccountID?: string | null;
  error?: string | null;
  required?: boolean;
  onPick: (picked: PickedAccount | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [value, setValue] = useState<string | null>(null);
  const found = useCustomers(merchantID, { page: 1, pageSize: 50, search: debounced });
  const options = debounced ? optionsOf(found.data?.results ?? [], pick, excludeAccountID) : [];
  return (
    <Stack gap="xs">
      <TextInput
        label={searchLabel}
        description="Name, account number, phone or email"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Select
        label={label}
        withAsterisk={required}
        placeholder={options.length > 0 ? 'Choose…' : 'Search first'}
        data={options}
        value={value}
        error={error}
        clearable={!required}
        nothingFoundMessage="No match"
        onChange={(next) => {
          setValue(next);
          const option = options.find((item) => item.value === next);
          const [customerID = '', accountID = ''] = (next ?? '').split('|');
          onPick(option ? { customerID, accountID: accountID || null, label: option.label } : null);
        }}
      />
    </Stack>
  );
}
