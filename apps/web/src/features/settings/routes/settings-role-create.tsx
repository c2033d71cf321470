import { Button, Paper } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../../lib/notify';
import { useCreateRole } from '../api/create-role';
import { RoleForm } from '../components/role-form';

/** /merchants/:merchantID/settings/roles/create */
export function SettingsRoleCreateRoute() {
  const { merchantID = '' } = useParams();
  const navigate = useNavigate();
  const createRole = useCreateRole(merchantID);
  const rolesPath = `/merchants/${merchantID}/settings/roles`;

  return (
    <Paper withBorder p="lg">
      <RoleForm
        submitLabel="Create role"
        onSubmit={async (input) => {
          const role = await createRole.mutateAsync(input);
          notifySuccess(`Role ${role.role_name} created`);
          navigate(rolesPath);
        }}
        actions={
          <Button component={Link} to={rolesPath} variant="default">
            Cancel
          </Button>
        }
      />
    </Paper>
  );
}
