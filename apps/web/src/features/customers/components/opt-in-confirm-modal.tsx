import { consentAffirmationText, type ConsentChannel } from '@paydesk/domain/customers/customers.contract';
import { ConfirmModal } from '../../../components/confirm-modal';

export type OptInChange = { channel: ConsentChannel; optedIn: boolean };

const CHANNEL_LABELS: Record<ConsentChannel, string> = { sms: 'Text opt-in', email: 'Email opt-in' };

type OptInConfirmModalProps = {
  change: OptInChange | null;
  customerName: string;
  loading?: boolean;
  error?: unknown;
  /** Receives the exact words shown, which are sent as the affirmation. */
  onConfirm: (affirmation: string) => void;
  onClose: () => void;
};

/** SPEC §6: turning text or email opt-in on or off asks the user to affirm the customer's permission (I'm Sure). */
export function OptInConfirmModal({
  change,
  customerName,
  loading,
  error,
  onConfirm,
  onClose,
}: OptInConfirmModalProps) {
  const affirmation = change ? consentAffirmationText(change.channel, change.optedIn) : '';
  const title = change ? `Turn ${change.optedIn ? 'on' : 'off'} ${CHANNEL_LABELS[change.channel].toLowerCase()}?` : '';
  return (
    <ConfirmModal
      opened={change !== null}
      title={title}
      confirmLabel="I'm Sure"
      confirmColor="indigo"
      loading={loading}
      error={error}
      onConfirm={() => onConfirm(affirmation)}
      onClose={onClose}
    >
      {`For ${customerName}: ${affirmation}`}
    </ConfirmModal>
  );
}

export { CHANNEL_LABELS };
