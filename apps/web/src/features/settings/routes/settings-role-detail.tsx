import { Button, Paper, Select } from '@mantine/core';
import { PICKER_PAGE_SIZE } from '@paydesk/domain/constants';
import { useState } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteRole } from '../api/delete-role';
import { useRole } from '../api/get-role';
import { useRoles } from '../api/get-roles';
import { useUpdateRole } from '../api/update-role';
import { RoleForm } from '../components/role-form';
import { QueryState } from '../../../components/query-state';

/** /merchants/:merchantID/settings/roles/:roleID: edit or delete a custom role. */
export function SettingsRoleDetailRoute() {
  const { merchantID = '', roleID = '' } = useParams();
  const navigate = useNavigate();
  const role = useRole(merchantID, roleID);
  const updateRole = useUpdateRole(merchantID, roleID);
  const deleteRole = useDeleteRole(merchantID, roleID);
  const [confirmingDelete, confirmDelete] = useDisclosure(false);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const otherRoles = useRoles(merchantID, { page: 1, pageSize: PICKER_PAGE_SIZE }, { enabled: confirmingDelete });
  const rolesPath = `/merchants/${merchantID}/settings/roles`;

  if (!role.data) {
    return (
      <QueryState
        error={role.error}
        loadingLabel="Loading role"
        errorTitle="The role could not be loaded"
        notFound={{ title: 'Role not found', text: 'It may have been deleted.' }}
        back={{ to: rolesPath, label: 'Back to roles' }}
      />
    );
  }

  const roleName = role.data.role_name;
  const handleDelete = () => {
    deleteRole.mutate(moveTo ?? undefined, {
      onSuccess: () => {
        confirmDelete.close();
        notifySuccess(`Role ${roleName} deleted`);
        navigate(rolesPath, { replace: true });
      },
    });
  };
  const moveOptions = [
    { value: 'admin', label: 'Admin' },
    { value: 'staff', label: 'Staff' },
    ...(otherRoles.data?.results ?? [])
      .filter((other) => other.id !== roleID)
      .map((other) => ({ value: other.id, label: other.role_name })),
  ];
  const closeDelete = () => {
    deleteRole.reset();
    setMoveTo(null);
    confirmDelete.close();
  };

  return (
    <Paper withBorder p="lg">
      <RoleForm
        key={role.data.id}
        role={role.data}
        submitLabel="Save changes"
        onSubmit={async (input) => {
          await updateRole.mutateAsync(input);
          notifySuccess('Role saved');
        }}
        actions={
          <>
            <Button component={Link} to={rolesPath} variant="default">
              Back to roles
            </Button>
            <Button color="red" variant="light" ml="auto" onClick={confirmDelete.open}>
              Delete role
            </Button>
          </>
        }
      />
      <ConfirmModal
        opened={confirmingDelete}
        title="Delete role?"
        confirmLabel="Delete role"
        loading={deleteRole.isPending}
        error={deleteRole.error}
        onConfirm={handleDelete}
        onClose={closeDelete}
        extra={
          <Select
            label="Move its users to"
            description="Users who hold this role get the role you choose here first."
            placeholder="Nobody holds it"
            data={moveOptions}
            value={moveTo}
            onChange={setMoveTo}
            clearable
          />
        }
      >
        Are you sure you would like to delete the role {roleName}?
      </ConfirmModal>
    </Paper>
  );
}
