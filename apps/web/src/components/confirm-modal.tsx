import { Alert, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { describeError } from '../lib/notify';
import { DialogActions } from './dialog-actions';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  /** More content below the question, e.g. a choice the action needs. */
  extra?: ReactNode;
  confirmLabel: string;
  /** Red for destructive actions (the default). */
  confirmColor?: string;
  loading?: boolean;
  /** The action's failure, shown inside the dialog (a toast would sit behind its overlay). */
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
};

function describeFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const fieldMessages = Object.values(error.fieldErrors).flat();
    if (fieldMessages.length > 0 && !error.detail && error.nonFieldErrors.length === 0) return fieldMessages.join(' ');
  }
  return describeError(error);
}

/** Asks before a destructive action; Cancel (or Escape) closes without acting. */
export function ConfirmModal({
  opened,
  title,
  children,
  extra,
  confirmLabel,
  confirmColor = 'red',
  loading = false,
  error,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="lg">
        <Text size="sm">{children}</Text>
        {extra}
        {error != null && (
          <Alert color="red" role="alert" variant="light">
            {describeFailure(error)}
          </Alert>
        )}
        <DialogActions
          label={confirmLabel}
          onConfirm={onConfirm}
          onCancel={onClose}
          loading={loading}
          cancelDisabled={loading}
          color={confirmColor}
        />
      </Stack>
    </Modal>
  );
}
