import { Button, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteRole } from '../api/delete-role';
import { useRole } from '../api/get-role';
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
    deleteRole.mutate(undefined, {
      onSuccess: () => {
        confirmDelete.close();
        notifySuccess(`Role ${roleName} deleted`);
        navigate(rolesPath, { replace: true });
      },
      onError: (error) => notifyError(error),
    });
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
        onConfirm={handleDelete}
        onClose={confirmDelete.close}
      >
        Are you sure you would like to delete the role {roleName}? Users who hold it lose its permissions.
      </ConfirmModal>
    </Paper>
  );
}
