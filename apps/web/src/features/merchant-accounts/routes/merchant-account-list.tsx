import { Anchor, Badge, Button } from '@mantine/core';
import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import { formatMoney } from '@paydesk/domain/format/money';
import { formatBasisPoints } from '@paydesk/domain/format/percent';
import {
  MERCHANT_ACCOUNT_KIND_LABELS,
  merchantAccountListQuery,
  type MerchantAccount,
} from '@paydesk/domain/locations/merchant-accounts.contract';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { type DataColumn } from '../../../components/data-table';
import { countOf, ListPage, ListSection } from '../../../components/list-page';
import { LocationPicker } from '../../../components/location-picker';
import { useListState } from '../../../lib/use-list-state';
import { useMeetsMerchantRequirement, useRouteMerchantId } from '../../../lib/use-merchant-access';
import { useMerchantAccounts } from '../api/merchant-accounts';
import { merchantAccountsPath } from '../paths';

/** The fee a customer pays on top, or "None". */
function describeFee(account: MerchantAccount): string {
  return account.convenience_fee_enabled && account.convenience_fee_cents !== null
    ? formatMoney(account.convenience_fee_cents)
    : 'None';
}

/** /merchants/:merchantID?/locations/:locationID?/merchant-accounts: the accounts, of one location when named. */
export function MerchantAccountListRoute() {
  const merchantID = useRouteMerchantId();
  const { locationID = null } = useParams();
  const navigate = useNavigate();
  const mayEdit = useMeetsMerchantRequirement(merchantID, ACCESS_REQUIREMENTS.merchantSettings);
  const list = useListState(merchantAccountListQuery);
  const accounts = useMerchantAccounts(merchantID, {
    page: list.page,
    pageSize: list.pageSize,
    locationID,
    ordering: list.ordering,
  });
  const basePath = merchantAccountsPath(merchantID, locationID);
  const accountPath = (account: MerchantAccount) => `${basePath}/${account.id}`;

  const columns: DataColumn<MerchantAccount>[] = [
    {
      key: 'name',
      label: 'Name',
      primary: true,
      sort: list.sortOf('name'),
      render: (account) => (
        <Anchor
          component={Link}
          to={accountPath(account)}
          fw={500}
          size="sm"
          onClick={(event) => event.stopPropagation()}
        >
          {account.name}
        </Anchor>
      ),
    },
    { key: 'location', label: 'Location', render: (account) => account.location_name },
    { key: 'kind', label: 'Kind', render: (account) => MERCHANT_ACCOUNT_KIND_LABELS[account.kind] },
    {
      key: 'pricing',
      label: 'Pricing',
      render: (account) => `${formatBasisPoints(account.rate_bps)} + ${formatMoney(account.per_transaction_cents)}`,
    },
    { key: 'fee', label: 'Convenience fee', render: describeFee },
    { key: 'bank', label: 'Deposit account', render: (account) => `•••• ${account.deposit_account_last4}` },
    {
      key: 'status',
      label: 'Status',
      render: (account) => (
        <Badge variant="light" color={account.status === 'active' ? 'green' : 'gray'}>
          {account.status === 'active' ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
  ];

  return (
    <ListPage
      title="Merchant accounts"
      count={countOf(accounts.data, 'merchant account')}
      actions={
        mayEdit && (
          <Button component={Link} to={`${basePath}/create`} leftSection={<IconPlus size={16} />}>
            Create merchant account
          </Button>
        )
      }
    >
      <ListSection
        filters={
          <LocationPicker
            merchantID={merchantID}
            label="Location"
            placeholder="All locations"
            clearable
            value={locationID}
            onChange={(next) => navigate(merchantAccountsPath(merchantID, next))}
            w={{ base: '100%', xs: 360 }}
          />
        }
        query={accounts}
        loadingLabel="Loading merchant accounts"
        errorTitle="Merchant accounts could not be loaded"
        table={{
          columns,
          rowKey: (account) => account.id,
          onRowClick: (account) => navigate(accountPath(account)),
          minWidth: 900,
        }}
        empty={locationID ? 'This location has no merchant accounts yet.' : 'No merchant accounts yet.'}
        pager={list.footer}
      />
    </ListPage>
  );
}
