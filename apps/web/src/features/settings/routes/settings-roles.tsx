import { Alert, Anchor, Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { PERMISSION_FLAGS } from '@paydesk/domain/access/roles';
import { formatMoney } from '@paydesk/domain/format/money';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { TableFooter } from '../../../components/table-footer';
import { useSettingsMerchant } from '../api/get-merchant';
import { useRoles } from '../api/get-roles';
import type { Role } from '@paydesk/domain/roles/roles.contract';
import { QueryState } from '../../../components/query-state';
import { roleListQuery } from '@paydesk/domain/roles/roles.contract';
import { SortableTh } from '../../../components/sortable-th';
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
  const merchant = useSettingsMerchant(merchantID);
  const list = useListState(roleListQuery);
  const roles = useRoles(merchantID, { page: list.page, pageSize: list.pageSize, ordering: list.ordering });
  const count = roles.data?.count ?? 0;
  const rolePath = (roleID: string) => `/merchants/${merchantID}/settings/roles/${roleID}`;

  return (
    <Paper withBorder p="lg">
      <title>{`Roles · ${merchant.data?.name ?? 'Settings'} · Paydesk`}</title>
      <Group justify="space-between" mb="md">
        <div>
          <Title order={2} size="h4">
            Roles
          </Title>
          <Text c="dimmed" size="sm" aria-live="polite">
            {roles.data ? `${count} custom ${count === 1 ? 'role' : 'roles'}` : ' '}
          </Text>
        </div>
        <Button
          component={Link}
          to={`/merchants/${merchantID}/settings/roles/create`}
          leftSection={<IconPlus size={16} />}
        >
          Create role
        </Button>
      </Group>

      {merchant.data && !merchant.data.check_custom_roles && (
        <Alert color="blue" mb="md" title="Custom roles are off for this merchant">
          Roles take effect once Custom roles is turned on in{' '}
          <Anchor component={Link} to={`/merchants/${merchantID}/settings`} size="sm">
            General settings
          </Anchor>
          .
        </Alert>
      )}

      {!roles.isSuccess ? (
        <QueryState error={roles.error} loadingLabel="Loading roles" errorTitle="Roles could not be loaded" />
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh {...list.sortOf('role_name')}>Name</SortableTh>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Permissions</Table.Th>
                  <Table.Th>Payment limits</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {roles.data.results.map((role) => (
                  <Table.Tr key={role.id} style={{ cursor: 'pointer' }} onClick={() => navigate(rolePath(role.id))}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={rolePath(role.id)}
                        fw={500}
                        size="sm"
                        onClick={(event) => event.stopPropagation()}
                      >
                        {role.role_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c={role.role_description ? undefined : 'dimmed'} lineClamp={2}>
                        {role.role_description || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="grape">
                        {countPermissions(role)} of {PERMISSION_FLAGS.length}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{describeLimits(role)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {roles.data.results.length === 0 && (
            <Text c="dimmed" ta="center" py="xl">
              No custom roles yet.
            </Text>
          )}
          <TableFooter total={count} {...list.footer} />
        </>
      )}
    </Paper>
  );
}
