import { Stack, Text } from '@mantine/core';
import { consentAffirmationText, type ConsentChannel } from '@paydesk/domain/customers/customers.contract';
import { ConfirmModal } from './confirm-modal';

export type OptInChange = { channel: ConsentChannel; optedIn: boolean };

const CHANNEL_LABELS: Record<ConsentChannel, string> = { sms: 'Text opt-in', email: 'Email opt-in' };

type OptInConfirmModalProps = {
  /** The channels whose opt-in changes; none closes the dialog. */
  changes: readonly OptInChange[];
  customerName: string;
  loading?: boolean;
  error?: unknown;
  /** Receives, per channel, the exact words shown, which are sent as that channel's affirmation. */
  onConfirm: (affirmations: Partial<Record<ConsentChannel, string>>) => void;
  onClose: () => void;
};

function titleOf(changes: readonly OptInChange[]): string {
  const [only] = changes;
  if (changes.length === 1 && only)
    return `Turn ${only.optedIn ? 'on' : 'off'} ${CHANNEL_LABELS[only.channel].toLowerCase()}?`;
  return 'Confirm opt-ins';
}

/**
 * SPEC §6: turning text or email opt-in on or off (the customer page, New customer, a flagged reply in the inbox) asks the user to affirm the customer's permission (I'm Sure). Each
 * channel that changes shows its own words, and each is recorded with its own consent-ledger row.
 */
export function OptInConfirmModal({
  changes,
  customerName,
  loading,
  error,
  onConfirm,
  onClose,
}: OptInConfirmModalProps) {
  const worded = changes.map((change) => ({
    ...change,
    words: consentAffirmationText(change.channel, change.optedIn),
  }));
  return (
    <ConfirmModal
      opened={changes.length > 0}
      title={titleOf(changes)}
      confirmLabel="I'm Sure"
      confirmColor="indigo"
      loading={loading}
      error={error}
      onConfirm={() => onConfirm(Object.fromEntries(worded.map((change) => [change.channel, change.words])))}
      onClose={onClose}
      extra={
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {worded.map((change) => (
            <Text key={change.channel} component="li" size="sm">
              <Text span fw={600}>
                {`${CHANNEL_LABELS[change.channel]} ${change.optedIn ? 'on' : 'off'}: `}
              </Text>
              {change.words}
            </Text>
          ))}
        </Stack>
      }
    >
      {`For ${customerName}, by choosing I'm Sure you affirm:`}
    </ConfirmModal>
  );
}

export { CHANNEL_LABELS };
