import { Select, type SelectProps } from '@mantine/core';
import { PICKER_PAGE_SIZE } from '@paydesk/domain/constants';
import {
  MERCHANT_ACCOUNT_KIND_LABELS,
  merchantAccountEndpoints,
} from '@paydesk/domain/locations/merchant-accounts.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** A merchant's accounts for a picker, those of one location when `locationID` is given. */
export function merchantAccountChoicesQueryOptions(merchantID: string, locationID: string | null) {
  return queryOptions({
    queryKey: queryKeys.merchantAccounts.choices(merchantID, locationID ?? 'all'),
    queryFn: () =>
      api.call(merchantAccountEndpoints.list, {
        params: { id: merchantID },
        query: {
          page: 1,
          page_size: PICKER_PAGE_SIZE,
          ordering: 'name',
          ...(locationID ? { location: locationID } : {}),
        },
      }),
    enabled: merchantID !== '',
  });
}

export type MerchantAccountPickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  merchantID: string;
  /** Only the accounts of this location; all of the merchant's when null. */
  locationID: string | null;
  value: string | null;
  onChange: (merchantAccountId: string | null) => void;
};

/** A merchant's accounts (name and kind), filtered by location; the value is the merchant account id. */
export function MerchantAccountPicker({
  merchantID,
  locationID,
  value,
  onChange,
  label = 'Merchant account',
  ...props
}: MerchantAccountPickerProps) {
  const accounts = useQuery(merchantAccountChoicesQueryOptions(merchantID, locationID));
  const data = (accounts.data?.results ?? []).map((account) => ({
    value: account.id,
    label: `${account.name} (${MERCHANT_ACCOUNT_KIND_LABELS[account.kind]})`,
  }));
  return (
    <Select
      label={label}
      placeholder={accounts.isPending ? 'Loading merchant accounts…' : 'Choose a merchant account'}
      data={data}
      value={value}
      onChange={(next) => onChange(next)}
      searchable
      nothingFoundMessage="No merchant account matches"
      {...props}
      error={props.error ?? (accounts.isError ? 'Merchant accounts could not be loaded' : undefined)}
    />
  );
}
