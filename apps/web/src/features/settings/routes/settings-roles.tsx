import { Alert, Anchor, Badge, Button, Text } from '@mantine/core';
import { PERMISSION_FLAGS } from '@paydesk/domain/access/roles';
import { formatMoney } from '@paydesk/domain/format/money';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { type DataColumn } from '../../../components/data-table';
import { countOf, ListSection } from '../../../components/list-page';
import { useMerchant } from '../../../lib/merchant-query';
import { useRoles } from '../api/get-roles';
import type { Role } from '@paydesk/domain/roles/roles.contract';
import { roleListQuery } from '@paydesk/domain/roles/roles.contract';
import { useListState } from '../../../lib/use-list-state';

function describeLimits({ settings }: Role): string {
  const min = settings.min_merchant_payment_amount;
  const max = settings.max_merchant_payment_amount;
  if (min === null && max === null) return 'No limits';
  if (max === null) return `From ${formatMoney(min ?? 0)}`;
  if (min === null) return `Up to ${formatMoney(max)}`;
  return `${formatMoney(min)} – ${formatMoney(max)}`;
}

function countPermissions(role: Role): number {
  return PERMISSION_FLAGS.filter((flag) => role.permissions[flag]).length;
}

/** /merchants/:merchantID/settings/roles: the merchant's custom roles. */
export function SettingsRolesRoute() {
  const { merchantID = '' } = useParams();
  const navigate = useNavigate();
  const merchant = useMerchant(merchantID, { onlyIfOpenable: true });
  const list = useListState(roleListQuery);
  const roles = useRoles(merchantID, { page: list.page, pageSize: list.pageSize, ordering: list.ordering });
  const rolePath = (roleID: string) => `/merchants/${merchantID}/settings/roles/${roleID}`;

  const columns: DataColumn<Role>[] = [
    {
      key: 'name',
      label: 'Name',
      primary: true,
      sort: list.sortOf('role_name'),
      render: (role) => (
        <Anchor component={Link} to={rolePath(role.id)} fw={500} size="sm" onClick={(event) => event.stopPropagation()}>
          {role.role_name}
        </Anchor>
      ),
    },
    {
      key: 'description',
      label: 'Description',
      render: (role) => (
        <Text size="sm" c={role.role_description ? undefined : 'dimmed'} lineClamp={2}>
          {role.role_description || '—'}
        </Text>
      ),
    },
    {
      key: 'permissions',
      label: 'Permissions',
      render: (role) => (
        <Badge variant="light" color="grape">
          {countPermissions(role)} of {PERMISSION_FLAGS.length}
        </Badge>
      ),
    },
    { key: 'limits', label: 'Payment limits', render: describeLimits },
  ];

  return (
    <ListSection
      p="lg"
      count={countOf(roles.data, 'custom role')}
      actions={
        <Button
          component={Link}
          to={`/merchants/${merchantID}/settings/roles/create`}
          leftSection={<IconPlus size={16} />}
        >
          Create role
        </Button>
      }
      notice={
        merchant.data &&
        !merchant.data.check_custom_roles && (
          <Alert color="blue" mb="md" title="Custom roles are off for this merchant">
            Roles take effect once Custom roles is turned on in{' '}
            <Anchor component={Link} to={`/merchants/${merchantID}/settings`} size="sm" underline="always">
              General settings
            </Anchor>
            .
          </Alert>
        )
      }
      query={roles}
      loadingLabel="Loading roles"
      errorTitle="Roles could not be loaded"
      table={{
        columns,
        rowKey: (role) => role.id,
        onRowClick: (role) => navigate(rolePath(role.id)),
        minWidth: 640,
      }}
      empty="No custom roles yet."
      pager={list.footer}
    />
  );
}
