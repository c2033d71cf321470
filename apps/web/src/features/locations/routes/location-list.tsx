import { Anchor, Button, Group, Loader, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';
import { locationListQuery, type Location } from '@paydesk/domain/locations/locations.contract';
import { timeZoneLabel } from '@paydesk/domain/locations/regions';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { QueryState } from '../../../components/query-state';
import { TableFooter } from '../../../components/table-footer';
import { useListState } from '../../../lib/use-list-state';
import { useMeetsMerchantRequirement, useRouteMerchantId, withMerchant } from '../../../lib/use-merchant-access';
import { useLocations } from '../api/locations';

/** /merchants/:merchantID?/locations: the merchant's locations, searched by name and sorted; state in the URL. */
export function LocationListRoute() {
  const merchantID = useRouteMerchantId();
  const navigate = useNavigate();
  const mayEdit = useMeetsMerchantRequirement(merchantID, ACCESS_REQUIREMENTS.merchantSettings);
  const list = useListState(locationListQuery);
  const locations = useLocations(merchantID, {
    page: list.page,
    pageSize: list.pageSize,
    search: list.search,
    ordering: list.ordering,
  });
  const count = locations.data?.count ?? 0;
  const rows = locations.data?.results ?? [];
  const locationPath = (location: Location) => withMerchant(`/locations/${location.id}`, merchantID);

  const columns: DataColumn<Location>[] = [
    {
      key: 'name',
      label: 'Name',
      primary: true,
      sort: list.sortOf('name'),
      render: (location) => (
        <Anchor
          component={Link}
          to={locationPath(location)}
          fw={500}
          size="sm"
          onClick={(event) => event.stopPropagation()}
        >
          {location.name}
        </Anchor>
      ),
    },
    { key: 'place', label: 'City / state', render: (location) => `${location.city}, ${location.state}` },
    {
      key: 'phone',
      label: 'Phone',
      render: (location) => (location.phone ? formatPhoneNumber(location.phone) : '—'),
    },
    { key: 'timezone', label: 'Time zone', render: (location) => timeZoneLabel(location.timezone) },
    {
      key: 'accounts',
      label: 'Merchant accounts',
      render: (location) => (
        <Anchor
          component={Link}
          to={`/merchants/${merchantID}/locations/${location.id}/merchant-accounts`}
          size="sm"
          onClick={(event) => event.stopPropagation()}
        >
          Merchant accounts
          <VisuallyHidden> of {location.name}</VisuallyHidden>
        </Anchor>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <title>Locations · Paydesk</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Locations</Title>
          <Text c="dimmed" size="sm" aria-live="polite">
            {locations.data ? `${count} ${count === 1 ? 'location' : 'locations'}` : ' '}
          </Text>
        </div>
        {mayEdit && (
          <Button
            component={Link}
            to={withMerchant('/locations/create', merchantID)}
            leftSection={<IconPlus size={16} />}
          >
            Create location
          </Button>
        )}
      </Group>

      <Paper withBorder p="md">
        <TextInput
          aria-label="Search locations"
          placeholder="Search locations by name"
          leftSection={<IconSearch size={16} />}
          rightSection={locations.isFetching ? <Loader size="xs" /> : null}
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.currentTarget.value)}
          maw={360}
          mb="md"
        />
        {!locations.isSuccess ? (
          <QueryState
            error={locations.error}
            loadingLabel="Loading locations"
            errorTitle="Locations could not be loaded"
          />
        ) : (
          <>
            <DataTable
              columns={columns}
              rows={rows}
              rowKey={(location) => location.id}
              onRowClick={(location) => navigate(locationPath(location))}
              minWidth={760}
            />
            {rows.length === 0 && (
              <Text c="dimmed" ta="center" py="xl">
                {list.search ? `No locations match “${list.search}”.` : 'No locations yet.'}
              </Text>
            )}
            <TableFooter total={count} {...list.footer} />
          </>
        )}
      </Paper>
    </Stack>
  );
}
