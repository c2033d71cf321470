import { Anchor, Breadcrumbs, Button } from '@mantine/core';
import { ownerListQuery, type Owner } from '@paydesk/domain/owners/owners.contract';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { type DataColumn } from '../../../components/data-table';
import { countOf, ListPage, ListSection } from '../../../components/list-page';
import { useListState } from '../../../lib/use-list-state';
import { useMayEditOwners, useRouteMerchantID } from '../hooks/use-owner-access';
import { useOwners } from '../api/get-owners';

export const ownerName = (owner: Pick<Owner, 'first_name' | 'last_name'>) =>
  `${owner.first_name} ${owner.last_name}`.trim();

/** /merchants/:merchantID?/owners: the merchant's business owners and their total (SSN last 4 for administrators). */
export function OwnerListRoute() {
  const params = useParams();
  const merchantID = useRouteMerchantID(params.merchantID);
  const navigate = useNavigate();
  const mayEdit = useMayEditOwners(merchantID);
  const list = useListState(ownerListQuery);
  const owners = useOwners(merchantID, { page: list.page, pageSize: list.pageSize, ordering: list.ordering });
  const ownerPath = (ownerID: string) => `/merchants/${merchantID}/owners/${ownerID}`;
  const total = owners.data?.results.reduce((sum, owner) => sum + owner.ownership_percentage, 0) ?? 0;

  const columns: DataColumn<Owner>[] = [
    {
      key: 'name',
      label: 'Name',
      primary: true,
      sort: list.sortOf('last_name'),
      render: (owner) => (
        <Anchor
          component={Link}
          to={ownerPath(owner.id)}
          fw={500}
          size="sm"
          onClick={(event) => event.stopPropagation()}
        >
          {ownerName(owner)}
        </Anchor>
      ),
    },
    { key: 'title', label: 'Title', render: (owner) => owner.title || '—' },
    {
      key: 'ownership',
      label: 'Ownership',
      align: 'right',
      sort: list.sortOf('ownership_percentage'),
      render: (owner) => `${owner.ownership_percentage}%`,
    },
    ...(mayEdit
      ? [{ key: 'ssn', label: 'SSN', render: (owner: Owner) => (owner.ssn_last4 ? `•••• ${owner.ssn_last4}` : '—') }]
      : []),
    { key: 'email', label: 'Email', render: (owner) => owner.email },
  ];

  return (
    <ListPage
      title="Owners"
      above={
        <Breadcrumbs>
          <Anchor component={Link} to={`/onboarding/${merchantID}/summary`} size="sm">
            Onboarding
          </Anchor>
          <span>Owners</span>
        </Breadcrumbs>
      }
      actions={
        mayEdit && (
          <Button component={Link} to={`/merchants/${merchantID}/owners/create`} leftSection={<IconPlus size={16} />}>
            Add owner
          </Button>
        )
      }
    >
      <ListSection
        p="lg"
        count={
          owners.data
            ? `${countOf(owners.data, 'owner')} · ${total}% of the business${total === 100 ? '' : ' (owners must total 100%)'}`
            : null
        }
        query={owners}
        loadingLabel="Loading owners"
        errorTitle="Owners could not be loaded"
        table={{
          columns,
          rowKey: (owner) => owner.id,
          onRowClick: (owner) => navigate(ownerPath(owner.id)),
          minWidth: 720,
        }}
        empty="No owners yet."
        pager={list.footer}
      />
    </ListPage>
  );
}
