import { Button, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { hasAnyRole } from '@paydesk/domain/access/claims';
import { formatDate } from '@paydesk/domain/format/date';
import { roleDisplayName } from '@paydesk/domain/format/role';
import { formatFullName, userStatus } from '@paydesk/domain/format/user';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { TableFooter } from '../../../components/table-footer';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDisableUser } from '../api/disable-user';
import { useSettingsMerchant } from '../api/get-merchant';
import { useUsers } from '../api/get-users';
import { InviteUserModal } from '../components/invite-user-modal';
import { UserStatusBadge } from '../components/user-status-badge';
import { useViewer } from '../hooks/use-viewer';
import type { MerchantUser } from '@paydesk/domain/users/users.contract';
import { mayDisableUser } from '@paydesk/domain/access/user-management';
import { QueryState } from '../../../components/query-state';
import { merchantUserListQuery } from '@paydesk/domain/users/users.contract';
import { useListState } from '../../../lib/use-list-state';

function describeRole(user: MerchantUser): string {
  if (user.role === 'custom') return user.custom_role?.role_name ?? 'Custom role';
  return user.role ? roleDisplayName(user.role) : '—';
}

/** /merchants/:merchantID/settings/users: the merchant's users, invitations and disabling. */
export function SettingsUsersRoute() {
  const { merchantID = '' } = useParams();
  const viewer = useViewer();
  const merchant = useSettingsMerchant(merchantID);
  const list = useListState(merchantUserListQuery);
  const users = useUsers(merchantID, { page: list.page, pageSize: list.pageSize, ordering: list.ordering });
  const disableUser = useDisableUser(merchantID);
  const [inviting, invite] = useDisclosure(false);
  // The user stays set while the confirmation closes, so its text does not change mid-transition.
  const [userToDisable, setUserToDisable] = useState<MerchantUser | null>(null);
  const [confirmingDisable, confirmDisable] = useDisclosure(false);

  const count = users.data?.count ?? 0;
  const disablingSelf = userToDisable !== null && userToDisable.id === viewer.userID;
  const manager = { isSuperUser: viewer.isSuperUser, roles: viewer.accessRoles(merchantID) };

  const handleDisable = () => {
    if (!userToDisable) return;
    const name = formatFullName(userToDisable) || userToDisable.email;
    disableUser.mutate(userToDisable.id, {
      onSuccess: () => {
        confirmDisable.close();
        // SPEC §4: disabling yourself logs you out.
        if (disablingSelf) viewer.logout();
        else notifySuccess(`${name} disabled`);
      },
      onError: (error) => notifyError(error),
    });
  };

  const columns: DataColumn<MerchantUser>[] = [
    {
      key: 'name',
      label: 'Name',
      primary: true,
      sort: list.sortOf('name'),
      render: (user) => formatFullName(user) || '—',
    },
    { key: 'email', label: 'Email', sort: list.sortOf('email'), render: (user) => user.email },
    { key: 'role', label: 'Role', render: describeRole },
    { key: 'status', label: 'Status', render: (user) => <UserStatusBadge status={userStatus(user)} /> },
    { key: 'created', label: 'Created', sort: list.sortOf('created'), render: (user) => formatDate(user.created) },
    {
      key: 'actions',
      label: 'Actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      actions: true,
      align: 'right',
      render: (user) => {
        const name = formatFullName(user);
        return (
          userStatus(user) !== 'Inactive' &&
          mayDisableUser(manager, user) && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={`Disable ${name || user.email}`}
              onClick={() => {
                setUserToDisable(user);
                confirmDisable.open();
              }}
            >
              Disable
            </Button>
          )
        );
      },
    },
  ];

  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" mb="md">
        <Text c="dimmed" size="sm" aria-live="polite">
          {users.data ? `${count} ${count === 1 ? 'user' : 'users'}` : ' '}
        </Text>
        <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open}>
          Invite user
        </Button>
      </Group>

      {!users.isSuccess ? (
        <QueryState error={users.error} loadingLabel="Loading users" errorTitle="Users could not be loaded" />
      ) : (
        <>
          <DataTable columns={columns} rows={users.data.results} rowKey={(user) => user.id} minWidth={720} />
          {users.data.results.length === 0 && (
            <Text c="dimmed" ta="center" py="xl">
              No users yet.
            </Text>
          )}
          <TableFooter total={count} {...list.footer} />
        </>
      )}

      <InviteUserModal
        merchantID={merchantID}
        customRoles={merchant.data?.check_custom_roles ?? false}
        canInviteAdmin={hasAnyRole({ roles: viewer.accessRoles(merchantID) }, ['super_admin', 'admin'])}
        opened={inviting}
        onClose={invite.close}
      />
      <ConfirmModal
        opened={confirmingDisable}
        title="Disable user?"
        confirmLabel="Disable user"
        loading={disableUser.isPending}
        onConfirm={handleDisable}
        onClose={confirmDisable.close}
      >
        {disablingSelf
          ? 'You are about to disable your own account. You will be signed out and can no longer sign in.'
          : `Are you sure you would like to disable ${userToDisable ? formatFullName(userToDisable) || userToDisable.email : ''}? They lose their roles and can no longer sign in.`}
      </ConfirmModal>
    </Paper>
  );
}
