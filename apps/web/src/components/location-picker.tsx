import { Select, type SelectProps } from '@mantine/core';
import { LOCATION_PAGE_SIZE } from '@paydesk/domain/constants';
import { locationEndpoints } from '@paydesk/domain/locations/locations.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/**
 * Every location of a merchant for a picker: page 1 with page_size 1000 (SPEC §7, §9). Under the locations key
 * prefix (`queryKeys.locations.all`), so a location saved anywhere refreshes the pickers too.
 */
export function locationChoicesQueryOptions(merchantID: string) {
  return queryOptions({
    queryKey: queryKeys.locations.choices(merchantID),
    queryFn: () =>
      api.call(locationEndpoints.list, {
        params: { id: merchantID },
        query: { page: 1, page_size: LOCATION_PAGE_SIZE, ordering: 'name' },
      }),
    enabled: merchantID !== '',
  });
}

export type LocationPickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  merchantID: string;
  /** The chosen location's id, or null. */
  value: string | null;
  onChange: (locationId: string | null) => void;
};

/** A merchant's locations by name; the value is the location id. */
export function LocationPicker({ merchantID, value, onChange, label = 'Location', ...props }: LocationPickerProps) {
  const locations = useQuery(locationChoicesQueryOptions(merchantID));
  const data = (locations.data?.results ?? []).map((location) => ({ value: location.id, label: location.name }));
  return (
    <Select
      label={label}
      placeholder={locations.isPending ? 'Loading locations…' : 'Choose a location'}
      data={data}
      value={value}
      onChange={(next) => onChange(next)}
      searchable
      nothingFoundMessage="No location matches"
      {...props}
      error={props.error ?? (locations.isError ? 'Locations could not be loaded' : undefined)}
    />
  );
}
