import { Button, Group, Text } from '@mantine/core';
import { merchantListQuery, type Merchant } from '@paydesk/domain/merchants/merchants.contract';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { type DataColumn } from '../../../components/data-table';
import { countOf, ListPage, ListSection } from '../../../components/list-page';
import { useMerchants } from '../api/get-merchants';
import { MerchantFlagBadges } from '../components/merchant-flag-badges';
import { MerchantLogo } from '../../../components/merchant-logo';
import { useViewer } from '../../../lib/use-viewer';
import { useListState } from '../../../lib/use-list-state';

/** /merchants: the merchants the user may act for, searched by name (debounced, trimmed); list state in the URL. */
export function MerchantListRoute() {
  const navigate = useNavigate();
  const { isSuperUser } = useViewer();
  const list = useListState(merchantListQuery);
  const { search } = list;
  const merchants = useMerchants({ search, page: list.page, pageSize: list.pageSize, ordering: list.ordering });

  const columns: DataColumn<Merchant>[] = [
    {
      key: 'name',
      label: 'Name',
      primary: true,
      sort: list.sortOf('name'),
      render: (merchant) => (
        <Group gap="sm" wrap="nowrap">
          <MerchantLogo name={merchant.name} logo={merchant.logo} size={28} />
          <Text
            component={Link}
            to={`/merchants/${merchant.id}`}
            fw={500}
            size="sm"
            onClick={(event) => event.stopPropagation()}
          >
            {merchant.name}
          </Text>
        </Group>
      ),
    },
    { key: 'organization', label: 'Organization', render: (merchant) => merchant.organization_name },
    { key: 'flags', label: 'Flags', render: (merchant) => <MerchantFlagBadges merchant={merchant} /> },
  ];

  return (
    <ListPage
      title="Merchants"
      count={countOf(merchants.data, 'merchant')}
      actions={
        isSuperUser && (
          <Button component={Link} to="/merchants/create" leftSection={<IconPlus size={16} />}>
            Create merchant
          </Button>
        )
      }
    >
      <ListSection
        search={{
          list,
          label: 'Search merchants',
          hiddenLabel: true,
          placeholder: 'Search merchants by name',
          loading: merchants.isFetching,
          w: { base: '100%', xs: 360 },
        }}
        query={merchants}
        loadingLabel="Loading merchants"
        errorTitle="Merchants could not be loaded"
        table={{
          columns,
          rowKey: (merchant) => merchant.id,
          onRowClick: (merchant) => navigate(`/merchants/${merchant.id}`),
          minWidth: 640,
        }}
        empty={search ? `No merchants match “${search}”.` : 'No merchants yet.'}
        pager={list.footer}
      />
    </ListPage>
  );
}
