import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { PICKER_PAGE_SIZE } from '@paydesk/domain/constants';
import type { AssignRoleInput, MerchantUser } from '@paydesk/domain/users/users.contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/notify';
import { useRoles } from '../api/get-roles';

type AssignableRole = AssignRoleInput['role'];

type AssignRoleModalProps = {
  merchantID: string;
  /** The user whose role is set; the modal is closed while null. */
  user: MerchantUser | null;
  title: string;
  description: string;
  confirmLabel: string;
  /** The base roles the viewer may give (custom roles are added when the merchant checks them). */
  baseRoles: readonly AssignableRole[];
  customRoles: boolean;
  onSubmit: (input: AssignRoleInput) => Promise<unknown>;
  onClose: () => void;
};

const BASE_ROLE_LABELS: Record<AssignableRole, string> = {
  super_admin: 'Super admin',
  admin: 'Admin',
  staff: 'Staff',
  custom: 'Custom role',
};

function describeFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const fieldMessages = Object.values(error.fieldErrors).flat();
    if (fieldMessages.length > 0) return fieldMessages.join(' ');
  }
  return describeError(error);
}

/** Chooses a role for a user: change role and re-enable. Errors show inside the dialog. */
export function AssignRoleModal(props: AssignRoleModalProps) {
  return (
    <Modal opened={props.user !== null} onClose={props.onClose} title={props.title} centered>
      {props.user && <AssignRoleForm key={props.user.id} {...props} user={props.user} />}
    </Modal>
  );
}

function AssignRoleForm({
  merchantID,
  user,
  description,
  confirmLabel,
  baseRoles,
  customRoles,
  onSubmit,
  onClose,
}: AssignRoleModalProps & { user: MerchantUser }) {
  const roles = useRoles(merchantID, { page: 1, pageSize: PICKER_PAGE_SIZE }, { enabled: customRoles });
  const [role, setRole] = useState<string | null>(user.role && user.role !== 'super_admin' ? user.role : null);
  const [customRoleID, setCustomRoleID] = useState<string | null>(user.custom_role?.id ?? null);
  const [missing, setMissing] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);

  const roleOptions = [...baseRoles, ...(customRoles ? (['custom'] as const) : [])].map((value) => ({
    value,
    label: BASE_ROLE_LABELS[value],
  }));
  const customRoleOptions = (roles.data?.results ?? []).map((option) => ({
    value: option.id,
    label: option.role_name,
  }));

  const handleSubmit = async () => {
    if (!role) return setMissing('role');
    if (role === 'custom' && !customRoleID) return setMissing('custom_role_id');
    setMissing(null);
    setError(null);
    setSubmitting(true);
    try {
      await onSubmit({
        role: role as AssignableRole,
        ...(role === 'custom' ? { custom_role_id: customRoleID } : {}),
      });
      onClose();
    } catch (failure) {
      setError(failure);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">{description}</Text>
      <Select
        label="Role"
        withAsterisk
        placeholder="Choose a role"
        data={roleOptions}
        allowDeselect={false}
        value={role}
        onChange={setRole}
        error={missing === 'role' ? 'Required' : undefined}
        data-autofocus
      />
      {role === 'custom' && (
        <Select
          label="Custom role"
          withAsterisk
          placeholder={roles.isPending ? 'Loading roles…' : 'Choose a role'}
          data={customRoleOptions}
          searchable
          nothingFoundMessage="No custom roles"
          value={customRoleID}
          onChange={setCustomRoleID}
          error={missing === 'custom_role_id' ? 'Required' : undefined}
        />
      )}
      {error != null && (
        <Alert color="red" role="alert" variant="light">
          {describeFailure(error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={submitting}>
          Cancel
        </Button>
        <Button onClick={() => void handleSubmit()} loading={submitting}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
