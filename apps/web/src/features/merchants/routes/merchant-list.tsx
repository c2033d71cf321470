import { Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { merchantListQuery, type Merchant } from '@paydesk/domain/merchants/merchants.contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { TableFooter } from '../../../components/table-footer';
import { useMerchants } from '../api/get-merchants';
import { MerchantFlagBadges } from '../components/merchant-flag-badges';
import { MerchantLogo } from '../../../components/merchant-logo';
import { useViewer } from '../../../lib/use-viewer';
import { QueryState } from '../../../components/query-state';
import { useListState } from '../../../lib/use-list-state';

/** /merchants: the merchants the user may act for, searched by name (debounced, trimmed); list state in the URL. */
export function MerchantListRoute() {
  const navigate = useNavigate();
  const { isSuperUser } = useViewer();
  const list = useListState(merchantListQuery);
  const { search } = list;
  const merchants = useMerchants({ search, page: list.page, pageSize: list.pageSize, ordering: list.ordering });

  const count = merchants.data?.count ?? 0;
  const rows = merchants.data?.results ?? [];

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
    <Stack gap="lg">
      <title>Merchants · Paydesk</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Merchants</Title>
          <Text c="dimmed" size="sm" aria-live="polite">
            {merchants.data ? `${count} ${count === 1 ? 'merchant' : 'merchants'}` : ' '}
          </Text>
        </div>
        {isSuperUser && (
          <Button component={Link} to="/merchants/create" leftSection={<IconPlus size={16} />}>
            Create merchant
          </Button>
        )}
      </Group>

      <Paper withBorder p="md">
        <TextInput
          aria-label="Search merchants"
          placeholder="Search merchants by name"
          leftSection={<IconSearch size={16} />}
          rightSection={merchants.isFetching ? <Loader size="xs" /> : null}
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.currentTarget.value)}
          maw={360}
          mb="md"
        />

        {!merchants.isSuccess ? (
          <QueryState
            error={merchants.error}
            loadingLabel="Loading merchants"
            errorTitle="Merchants could not be loaded"
          />
        ) : (
          <>
            <DataTable
              columns={columns}
              rows={rows}
              rowKey={(merchant) => merchant.id}
              onRowClick={(merchant) => navigate(`/merchants/${merchant.id}`)}
              minWidth={640}
            />
            {rows.length === 0 && (
              <Text c="dimmed" ta="center" py="xl">
                {search ? `No merchants match “${search}”.` : 'No merchants yet.'}
              </Text>
            )}
            <TableFooter total={count} {...list.footer} />
          </>
        )}
      </Paper>
    </Stack>
  );
}
