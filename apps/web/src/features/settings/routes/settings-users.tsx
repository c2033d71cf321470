import { ActionIcon, Button, Group, Menu, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { hasAnyRole } from '@paydesk/domain/access/claims';
import { formatDate } from '@paydesk/domain/format/date';
import { roleDisplayName } from '@paydesk/domain/format/role';
import { formatFullName, userStatus } from '@paydesk/domain/format/user';
import { IconDots, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { type DataColumn } from '../../../components/data-table';
import { countOf, ListSection } from '../../../components/list-page';
import { notifySuccess } from '../../../lib/notify';
import { useChangeUserRole } from '../api/change-user-role';
import { useDisableUser } from '../api/disable-user';
import { useEnableUser } from '../api/enable-user';
import { AssignRoleModal } from '../components/assign-role-modal';
import { useMerchant, useMerchantTimeZone } from '../../../lib/merchant-query';
import { useUsers } from '../api/get-users';
import { InviteUserModal } from '../components/invite-user-modal';
import { UserStatusBadge } from '../components/user-status-badge';
import { useViewer } from '../../../lib/use-viewer';
import type { MerchantUser } from '@paydesk/domain/users/users.contract';
import { mayDisableUserAt, mayManageUserAt, rankOf } from '@paydesk/domain/access/user-management';
import { findBaseRoles } from '@paydesk/domain/access/claims';
import { merchantUserListQuery } from '@paydesk/domain/users/users.contract';
import { useListState } from '../../../lib/use-list-state';

function describeRole(user: MerchantUser): string {
  if (user.role === 'custom') return user.custom_role?.role_name ?? 'Custom role';
  return user.role ? roleDisplayName(user.role) : '—';
}

/** /merchants/:merchantID/settings/users: the merchant's users, invitations and disabling. */
export function SettingsUsersRoute() {
  const { merchantID = '' } = useParams();
  const timeZone = useMerchantTimeZone(merchantID);
  const viewer = useViewer();
  const merchant = useMerchant(merchantID, { onlyIfOpenable: true });
  const list = useListState(merchantUserListQuery);
  const users = useUsers(merchantID, { page: list.page, pageSize: list.pageSize, ordering: list.ordering });
  const disableUser = useDisableUser(merchantID);
  const [inviting, invite] = useDisclosure(false);
  // The user stays set while the confirmation closes, so its text does not change mid-transition.
  const [userToDisable, setUserToDisable] = useState<MerchantUser | null>(null);
  const [confirmingDisable, confirmDisable] = useDisclosure(false);
  const changeUserRole = useChangeUserRole(merchantID);
  const enableUser = useEnableUser(merchantID);
  const [userToChange, setUserToChange] = useState<MerchantUser | null>(null);
  const [userToEnable, setUserToEnable] = useState<MerchantUser | null>(null);

  const disablingSelf = userToDisable !== null && userToDisable.id === viewer.userID;
  // The screen knows the ranks on this merchant only; the server also judges the other merchants both work at.
  const viewerRole = findBaseRoles({ roles: viewer.accessRoles(merchantID) })[0];
  const actor = {
    id: viewer.userID ?? '',
    isSuperUser: viewer.isSuperUser,
    roles: viewerRole ? { [merchantID]: viewerRole } : {},
  };
  const standingOf = (user: MerchantUser) => ({
    id: user.id,
    isSuperUser: user.is_super_user,
    roles: user.role ? { [merchantID]: user.role } : {},
  });

  const viewerRank = viewer.isSuperUser ? 4 : rankOf(viewerRole);
  const givableRoles = (['super_admin', 'admin', 'staff'] as const).filter((role) => rankOf(role) <= viewerRank);

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
    });
  };

  const statusOf = (user: MerchantUser) => (user.disabled_at ? 'Disabled' : userStatus(user));

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
    { key: 'status', label: 'Status', render: (user) => <UserStatusBadge status={statusOf(user)} /> },
    {
      key: 'created',
      label: 'Created',
      sort: list.sortOf('created'),
      render: (user) => formatDate(user.created, { timeZone }),
    },
    {
      key: 'actions',
      label: 'Actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      actions: true,
      align: 'right',
      render: (user) => {
        const status = statusOf(user);
        const name = formatFullName(user);
        const label = name || user.email;
        const active = status !== 'Inactive' && status !== 'Disabled';
        const enableable =
          status === 'Disabled' &&
          mayManageUserAt(actor, { ...standingOf(user), roles: { [merchantID]: 'staff' } }, merchantID);
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {enableable && (
              <Button
                size="compact-sm"
                variant="subtle"
                aria-label={`Re-enable ${label}`}
                onClick={() => setUserToEnable(user)}
              >
                Re-enable
              </Button>
            )}
            {active && mayManageUserAt(actor, standingOf(user), merchantID) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${label}`}>
                    <IconDots size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => setUserToChange(user)}>Change role</Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
            {active && mayDisableUserAt(actor, standingOf(user), merchantID) && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                aria-label={`Disable ${label}`}
                onClick={() => {
                  setUserToDisable(user);
                  confirmDisable.open();
                }}
              >
                Disable
              </Button>
            )}
          </Group>
        );
      },
    },
  ];

  return (
    <ListSection
      p="lg"
      count={countOf(users.data, 'user')}
      actions={
        <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open}>
          Invite user
        </Button>
      }
      query={users}
      loadingLabel="Loading users"
      errorTitle="Users could not be loaded"
      table={{ columns, rowKey: (user) => user.id, minWidth: 720 }}
      empty="No users yet."
      pager={list.footer}
    >
      <InviteUserModal
        merchantID={merchantID}
        customRoles={merchant.data?.check_custom_roles ?? false}
        canInviteAdmin={hasAnyRole({ roles: viewer.accessRoles(merchantID) }, ['super_admin', 'admin'])}
        opened={inviting}
        onClose={invite.close}
      />
      <AssignRoleModal
        merchantID={merchantID}
        user={userToChange}
        title="Change role"
        description={`Choose the role ${userToChange ? formatFullName(userToChange) || userToChange.email : ''} holds here.`}
        confirmLabel="Save role"
        baseRoles={givableRoles}
        customRoles={merchant.data?.check_custom_roles ?? false}
        onSubmit={async (input) => {
          if (!userToChange) return;
          await changeUserRole.mutateAsync({ userID: userToChange.id, input });
          notifySuccess(`Role of ${formatFullName(userToChange) || userToChange.email} changed`);
        }}
        onClose={() => setUserToChange(null)}
      />
      <AssignRoleModal
        merchantID={merchantID}
        user={userToEnable}
        title="Re-enable user"
        description={`${userToEnable ? formatFullName(userToEnable) || userToEnable.email : ''} gets this role here again and can sign in.`}
        confirmLabel="Re-enable user"
        baseRoles={givableRoles}
        customRoles={merchant.data?.check_custom_roles ?? false}
        onSubmit={async (input) => {
          if (!userToEnable) return;
          await enableUser.mutateAsync({ userID: userToEnable.id, input });
          notifySuccess(`${formatFullName(userToEnable) || userToEnable.email} re-enabled`);
        }}
        onClose={() => setUserToEnable(null)}
      />
      <ConfirmModal
        opened={confirmingDisable}
        title="Disable user?"
        confirmLabel="Disable user"
        loading={disableUser.isPending}
        error={disableUser.error}
        onConfirm={handleDisable}
        onClose={() => {
          disableUser.reset();
          confirmDisable.close();
        }}
      >
        {disablingSelf
          ? 'You are about to disable your own account. You will be signed out and can no longer sign in.'
          : `Are you sure you would like to disable ${userToDisable ? formatFullName(userToDisable) || userToDisable.email : ''}? They lose their role here, and can no longer sign in if they work nowhere else.`}
      </ConfirmModal>
    </ListSection>
  );
}
