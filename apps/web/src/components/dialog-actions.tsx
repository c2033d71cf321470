import { Button, Group } from '@mantine/core';

type DialogActionsProps = {
  /** The action's button, right of Cancel. */
  label: string;
  /** Runs the action; without it the button submits the dialog's form. */
  onConfirm?: () => void;
  /** Closes without acting. */
  onCancel: () => void;
  /** The action is running: its button spins. */
  loading?: boolean;
  /** The action cannot run yet (e.g. nothing to pay with). */
  disabled?: boolean;
  /** Cancel waits while the action runs (a form mid-submit). */
  cancelDisabled?: boolean;
  /** e.g. red for a destructive action; the theme's primary colour otherwise. */
  color?: string;
};

/** A dialog's footer: Cancel, then the action, on the right. */
export function DialogActions({
  label,
  onConfirm,
  onCancel,
  loading,
  disabled,
  cancelDisabled,
  color,
}: DialogActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </Button>
      <Button
        {...(onConfirm ? { onClick: onConfirm } : { type: 'submit' as const })}
        color={color}
        loading={loading}
        disabled={disabled}
      >
        {label}
      </Button>
    </Group>
  );
}
