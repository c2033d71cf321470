import { Anchor, Button, Group, NativeSelect, Paper, Text } from '@mantine/core';
import {
  ACCOUNT_STATUSES,
  customerListQuery,
  type AccountStatus,
  type CustomerListRow,
} from '@paydesk/domain/customers/customers.contract';
import { accountStatusDisplay } from '@paydesk/domain/format/account-status';
import { formatCalendarDate } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';
import { formatFullName } from '@paydesk/domain/format/user';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { type DataColumn } from '../../../components/data-table';
import { countOf, ListPage, ListSection } from '../../../components/list-page';
import { NotFoundState } from '../../../components/not-found-state';
import { ApiError } from '../../../lib/api-client';
import { useListState } from '../../../lib/use-list-state';
import { useRecentlyViewed, useCustomers } from '../api/customers-queries';
import { useAccountTags, useMerchantLocations } from '../api/merchant-options';
import { AccountStatusBadge } from '../components/account-status-badge';
import { OptionSelect } from '../components/option-select';
import { useCustomerAccess } from '../hooks/use-customer-access';

const FILTERS = ['location', 'status', 'tag'] as const;

/** The filters as the URL holds them (`?location=…&status=…&tag=…`), '' for none. */
const readFilters = (params: URLSearchParams) =>
  Object.fromEntries(FILTERS.map((key) => [key, params.get(key) ?? ''])) as Record<(typeof FILTERS)[number], string>;

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...ACCOUNT_STATUSES.map((status) => ({
    value: status,
    label: status === 'do_not_contact' ? 'Do Not Contact' : accountStatusDisplay(status).label,
  })),
];

export function customerPath(merchantID: string, customerID: string) {
  return `/merchants/${encodeURIComponent(merchantID)}/customers/${encodeURIComponent(customerID)}`;
}

/** The primary account (the customer's first), which the list's account columns show. */
function primaryAccount(row: CustomerListRow) {
  return row.accounts.find((account) => account.role === 'primary') ?? row.accounts[0];
}

/**
 * /merchants/:merchantID?/customers: the columns that fit whole at 1280 px (email, location and created are on the
 * customer's page; location is also a filter), dense rows under a sticky header, a click anywhere on a row opening
 * the customer (its name is the link for keyboards). Search (debounced, server-side; a formatted phone number works), filters by
 * location, status and tag, sortable columns and 50/75/100 rows, all in the URL. Without a merchant in the path it
 * lists the customers of every merchant the user works for, with a merchant column.
 */
export function CustomerListRoute() {
  const { merchantID } = useParams();
  const navigate = useNavigate();
  const list = useListState(customerListQuery, readFilters);
  const { filters, setFilter } = list;
  const status = (ACCOUNT_STATUSES as readonly string[]).includes(filters.status)
    ? (filters.status as AccountStatus)
    : undefined;
  const customers = useCustomers(merchantID, {
    page: list.page,
    pageSize: list.pageSize,
    ordering: list.ordering,
    search: list.search,
    location: filters.location,
    status,
    tag: filters.tag,
  });
  const locations = useMerchantLocations(merchantID);
  const tags = useAccountTags(merchantID);
  const recent = useRecentlyViewed(merchantID);
  const access = useCustomerAccess(merchantID);

  // A merchant the user does not work for reads as missing, as the API answers.
  if (merchantID && customers.error instanceof ApiError && customers.error.status === 404) return <NotFoundState />;

  const columns: DataColumn<CustomerListRow>[] = [
    {
      key: 'name',
      label: 'Name',
      primary: true,
      sort: list.sortOf('last_name'),
      render: (row) => (
        <Anchor component={Link} to={customerPath(row.merchant.id, row.id)} fw={600}>
          {formatFullName(row) || '—'}
        </Anchor>
      ),
    },
    ...(merchantID
      ? []
      : [{ key: 'merchant', label: 'Merchant', render: (row: CustomerListRow) => row.merchant.name }]),
    {
      key: 'external_id',
      label: 'Account',
      sort: list.sortOf('external_id'),
      noWrap: true,
      render: (row) => row.external_id ?? '—',
    },
    { key: 'phone', label: 'Phone', noWrap: true, render: (row) => formatPhoneNumber(row.sms_phone_number) || '—' },
    {
      key: 'status',
      label: 'Status',
      noWrap: true,
      render: (row) => {
        const account = primaryAccount(row);
        return account ? <AccountStatusBadge status={account.status} /> : '—';
      },
    },
    {
      key: 'amount_due',
      label: 'Amount due',
      align: 'right',
      sort: list.sortOf('amount_due'),
      noWrap: true,
      render: (row) => {
        const account = primaryAccount(row);
        return account ? formatMoney(account.amount_due_cents) : '—';
      },
    },
    {
      key: 'due_date',
      label: 'Due date',
      sort: list.sortOf('due_date'),
      noWrap: true,
      render: (row) => formatCalendarDate(primaryAccount(row)?.due_date) || '—',
    },
  ];

  return (
    <ListPage
      title="Customers"
      actions={
        merchantID &&
        access.canCreate && (
          <Group gap="sm">
            <Button
              component={Link}
              to={`/merchants/${encodeURIComponent(merchantID)}/customers/import`}
              variant="default"
              leftSection={<IconFileImport size={16} />}
            >
              Import
            </Button>
            <Button
              component={Link}
              to={`/merchants/${encodeURIComponent(merchantID)}/customers/create`}
              leftSection={<IconUserPlus size={16} />}
            >
              Create customer
            </Button>
          </Group>
        )
      }
    >
      {merchantID && recent.data && recent.data.results.length > 0 && (
        <Paper withBorder p="sm" component="nav" aria-label="Recently viewed customers">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              Recently viewed:
            </Text>
            {recent.data.results.map((item) => (
              <Anchor key={item.id} component={Link} to={customerPath(merchantID, item.id)} size="sm">
                {formatFullName(item)}
                {item.removed ? ' (removed)' : ''}
              </Anchor>
            ))}
          </Group>
        </Paper>
      )}
      <ListSection
        p="lg"
        search={{
          list,
          label: 'Search',
          placeholder: 'Name, account, email or phone',
          type: 'search',
          w: { base: '100%', sm: 300 },
        }}
        filters={
          <>
            {merchantID && (
              <OptionSelect
                label="Location"
                emptyLabel="All locations"
                options={locations.data ?? []}
                value={filters.location}
                onChange={(value) => setFilter('location', value)}
                w={180}
              />
            )}
            <NativeSelect
              label="Status"
              data={STATUS_OPTIONS}
              value={status ?? ''}
              onChange={(event) => setFilter('status', event.currentTarget.value)}
              w={160}
            />
            {merchantID && (
              <OptionSelect
                label="Tag"
                emptyLabel="All tags"
                options={tags.data ?? []}
                value={filters.tag}
                onChange={(value) => setFilter('tag', value)}
                w={160}
              />
            )}
          </>
        }
        count={countOf(customers.data, 'customer')}
        query={customers}
        loadingLabel="Loading customers"
        errorTitle="Customers could not be loaded"
        table={{
          columns,
          rowKey: (row) => row.id,
          onRowClick: (row) => navigate(customerPath(row.merchant.id, row.id)),
          minWidth: 720,
          compact: true,
        }}
        empty="No customers found."
        pager={list.footer}
      />
    </ListPage>
  );
}
