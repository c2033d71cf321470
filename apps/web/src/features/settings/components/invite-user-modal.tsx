import { Anchor, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { PICKER_PAGE_SIZE } from '@paydesk/domain/constants';
import {
  customInviteSchema,
  inviteSchema,
  type InviteRole,
  type InviteUserInput,
} from '@paydesk/domain/users/users.contract';
import { Link } from 'react-router';
import { showFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useRoles } from '../api/get-roles';
import { useInviteUser } from '../api/invite-user';
import { submitFocusingErrors } from '../../../lib/focus-errors';

type InviteFormValues = {
  email: string;
  first_name: string;
  last_name: string;
  role: InviteRole | '';
  custom_role_id: string;
};

type InviteUserModalProps = {
  merchantID: string;
  /** The merchant checks custom roles: a custom role may be given. */
  customRoles: boolean;
  /** Only super_admin and admin may make someone an admin (a user manager with a custom role may not). */
  canInviteAdmin: boolean;
  opened: boolean;
  onClose: () => void;
};

const FIELDS = ['email', 'first_name', 'last_name', 'role', 'custom_role_id'];

const validateInvite = schemaResolver(inviteSchema, { sync: true });
const validateCustomInvite = schemaResolver(customInviteSchema, { sync: true });

/** The body the server receives; a role is only sent once chosen, so its absence reads `Required`. */
function toInviteInput(values: InviteFormValues): InviteUserInput {
  return {
    email: values.email.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    role: values.role as InviteRole,
    ...(values.role === 'custom' ? { custom_role_id: values.custom_role_id } : {}),
  };
}

const INITIAL_VALUES: InviteFormValues = {
  email: '',
  first_name: '',
  last_name: '',
  role: 'staff',
  custom_role_id: '',
};

/** Invites a user to the merchant (POST .../users/invite/) as Admin, Staff or, with custom roles on, a custom role. */
export function InviteUserModal({ merchantID, customRoles, canInviteAdmin, opened, onClose }: InviteUserModalProps) {
  const inviteUser = useInviteUser(merchantID);
  const roles = useRoles(merchantID, { page: 1, pageSize: PICKER_PAGE_SIZE }, { enabled: opened && customRoles });
  const form = useForm<InviteFormValues>({
    initialValues: INITIAL_VALUES,
    validate: (values) => (values.role === 'custom' ? validateCustomInvite : validateInvite)(toInviteInput(values)),
  });

  const roleOptions = [
    ...(canInviteAdmin ? [{ value: 'admin', label: 'Admin' }] : []),
    { value: 'staff', label: 'Staff' },
    ...(customRoles ? [{ value: 'custom', label: 'Custom role' }] : []),
  ];
  const customRoleOptions = (roles.data?.results ?? []).map((role) => ({ value: role.id, label: role.role_name }));

  const handleClose = () => {
    form.reset();
    onClose();
  };

  const handleSubmit = submitFocusingErrors(form, async (values) => {
    const input = toInviteInput(values);
    try {
      await inviteUser.mutateAsync(input);
      notifySuccess(`Invitation sent to ${input.email}`);
      handleClose();
    } catch (error) {
      showFormError(form, error, {
        fields: FIELDS,
        codeFields: { 'user.email_in_use': 'email', 'user.org_already_set': 'email' },
      });
    }
  });

  return (
    <Modal opened={opened} onClose={handleClose} title="Invite user" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" withAsterisk data-autofocus {...form.getInputProps('email')} />
          <Group grow align="flex-start">
            <TextInput label="First name" withAsterisk {...form.getInputProps('first_name')} />
            <TextInput label="Last name" withAsterisk {...form.getInputProps('last_name')} />
          </Group>
          <Select label="Role" withAsterisk data={roleOptions} allowDeselect={false} {...form.getInputProps('role')} />
          {form.values.role === 'custom' && (
            <Stack gap={4}>
              <Select
                label="Custom role"
                withAsterisk
                placeholder={roles.isPending ? 'Loading roles…' : 'Choose a role'}
                data={customRoleOptions}
                searchable
                nothingFoundMessage="No custom roles"
                {...form.getInputProps('custom_role_id')}
              />
              {roles.isError && (
                <Text size="xs" c="red">
                  The custom roles could not be loaded: {roles.error.message}
                </Text>
              )}
              {roles.data && customRoleOptions.length === 0 && (
                <Text size="xs" c="dimmed">
                  This merchant has no custom roles yet.{' '}
                  <Anchor component={Link} to={`/merchants/${merchantID}/settings/roles/create`} size="xs">
                    Create one
                  </Anchor>
                </Text>
              )}
            </Stack>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={handleClose} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
