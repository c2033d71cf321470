import { Stack, Text } from '@mantine/core';
import {
  IMPORT_FIELD_LABELS,
  importAffirmationText,
  type ImportPreview,
} from '@paydesk/domain/customers/customer-imports.contract';
import type { ConsentChannel } from '@paydesk/domain/customers/customers.contract';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatCount } from '@paydesk/domain/format/count';

const CHANNEL_LABELS: Record<ConsentChannel, string> = {
  sms: IMPORT_FIELD_LABELS.text_opt_in,
  email: IMPORT_FIELD_LABELS.email_opt_in,
};

type ImportOptInConfirmProps = {
  opened: boolean;
  optInRows: ImportPreview['opt_in_rows'];
  loading: boolean;
  error: unknown;
  /** Receives, per channel the file opts in to, the exact words shown (sent as that channel's affirmation). */
  onConfirm: (affirmations: Partial<Record<ConsentChannel, string>>) => void;
  onClose: () => void;
};

/**
 * SPEC §6 for a file: rows that opt customers in need the importing user to affirm the customers' express
 * permission (I'm Sure), once for the file, with the words the consent endpoint shows.
 */
export function ImportOptInConfirm({ opened, optInRows, loading, error, onConfirm, onClose }: ImportOptInConfirmProps) {
  const channels = (['sms', 'email'] as const)
    .filter((channel) => optInRows[channel] > 0)
    .map((channel) => ({ channel, rows: optInRows[channel], words: importAffirmationText(channel) }));
  return (
    <ConfirmModal
      opened={opened}
      title="Confirm opt-ins"
      confirmLabel="I'm Sure"
      confirmColor="indigo"
      loading={loading}
      error={error}
      onConfirm={() => onConfirm(Object.fromEntries(channels.map(({ channel, words }) => [channel, words])))}
      onClose={onClose}
      extra={
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {channels.map(({ channel, rows, words }) => (
            <Text key={channel} component="li" size="sm">
              <Text span fw={600}>
                {`${CHANNEL_LABELS[channel]} on (${formatCount(rows)} ${rows === 1 ? 'row' : 'rows'}): `}
              </Text>
              {words}
            </Text>
          ))}
        </Stack>
      }
    >
      This file opts customers in. For every customer it opts in, by choosing I&apos;m Sure you affirm:
    </ConfirmModal>
  );
}
