import { Anchor, Button, VisuallyHidden } from '@mantine/core';
import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';
import { locationListQuery, type Location } from '@paydesk/domain/locations/locations.contract';
import { timeZoneLabel } from '@paydesk/domain/locations/regions';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { type DataColumn } from '../../../components/data-table';
import { countOf, ListPage, ListSection } from '../../../components/list-page';
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
    <ListPage
      title="Locations"
      count={countOf(locations.data, 'location')}
      actions={
        mayEdit && (
          <Button
            component={Link}
            to={withMerchant('/locations/create', merchantID)}
            leftSection={<IconPlus size={16} />}
          >
            Create location
          </Button>
        )
      }
    >
      <ListSection
        search={{
          list,
          label: 'Search locations',
          hiddenLabel: true,
          placeholder: 'Search locations by name',
          loading: locations.isFetching,
          w: { base: '100%', xs: 360 },
        }}
        query={locations}
        loadingLabel="Loading locations"
        errorTitle="Locations could not be loaded"
        table={{
          columns,
          rowKey: (location) => location.id,
          onRowClick: (location) => navigate(locationPath(location)),
          minWidth: 760,
        }}
        empty={list.search ? `No locations match “${list.search}”.` : 'No locations yet.'}
        pager={list.footer}
      />
    </ListPage>
  );
}
