import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DEFAULT_ERROR_MESSAGE, translateError } from '@paydesk/domain/errors/catalogue';
import { ERROR_TOAST_MS, TOAST_MS } from '@paydesk/domain/constants';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { isProductionBuild } from './env';

export type SuccessToastOptions = { autoClose?: number };

let errorToastCount = 0;

/**
 * How much of the viewport's bottom the toasts take (SPEC §9 puts them bottom centre); the main area keeps as much
 * padding below its content, so a form's last button can always scroll clear of them.
 */
export const TOAST_ZONE_PX = 120;

// The button that sent the last form: an error toast about that save must not sit over it (on a phone it is often at
// the very bottom of the screen when tapped), since the user may want to press it again.
let lastSubmitter: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('submit', (event) => (lastSubmitter = (event as SubmitEvent).submitter), true);
}

function keepSubmitterClearOfToasts() {
  const submitter = lastSubmitter;
  if (!submitter?.isConnected || typeof window.scrollBy !== 'function') return;
  const zoneTop = window.innerHeight - TOAST_ZONE_PX;
  const { bottom } = submitter.getBoundingClientRect();
  if (bottom > zoneTop) window.scrollBy({ top: bottom - zoneTop });
}

/** Shows a success toast (SPEC §9: 2000 ms unless the caller says otherwise) and returns its id. */
export function notifySuccess(message: string, options: SuccessToastOptions = {}): string {
  return notifications.show({
    message,
    color: 'teal',
    icon: <IconCheck size={18} />,
    autoClose: options.autoClose ?? TOAST_MS,
    // Mantine's close button is an icon alone: without a name, screen readers announce "button" (axe button-name).
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}

/**
 * Shows an error toast for 10 s with a Dismiss button and returns its id. Outside production it shows the error's
 * translated text (an ApiError's message is its detail, non_field_errors or message); in production only the
 * default text.
 */
export function notifyError(error?: unknown): string {
  errorToastCount += 1;
  const id = `error-toast-${errorToastCount}`;
  keepSubmitterClearOfToasts();
  return notifications.show({
    id,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" flex={1} miw={0} style={{ overflowWrap: 'anywhere' }}>
          {describeError(error)}
        </Text>
        {/* Never shrinks: a long message wraps instead of cutting the button's label. */}
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          style={{ flexShrink: 0 }}
          onClick={() => notifications.hide(id)}
        >
          Dismiss
        </Button>
      </Group>
    ),
    color: 'red',
    icon: <IconAlertTriangle size={18} />,
    autoClose: ERROR_TOAST_MS,
    withCloseButton: false,
  });
}

/** The text an error toast (or a dialog showing the error in place) gives for an error. */
export function describeError(error: unknown): string {
  if (isProductionBuild()) return DEFAULT_ERROR_MESSAGE;
  if (error instanceof Error && error.message) return translateError(error.message);
  if (typeof error === 'string' && error) return translateError(error);
  return DEFAULT_ERROR_MESSAGE;
}
