import { Badge, Group, Text } from '@mantine/core';
import type { Merchant } from '@paydesk/domain/merchants/merchants.contract';
import { MERCHANT_FLAG_LABELS, MERCHANT_FLAGS } from '../types';

const FLAG_COLORS = {
  in_legacy_app: 'gray',
  check_custom_roles: 'grape',
  allow_group_message: 'teal',
  is_integrated: 'blue',
} as const;

type MerchantFlagBadgesProps = {
  merchant: Merchant;
  /** A dash when no flag is on (in a table cell); nothing otherwise. */
  withEmptyDash?: boolean;
};

/** The merchant's flags that are on, one badge each. */
export function MerchantFlagBadges({ merchant, withEmptyDash = true }: MerchantFlagBadgesProps) {
  const flags = MERCHANT_FLAGS.filter((flag) => merchant[flag]);
  if (flags.length === 0) {
    if (!withEmptyDash) return null;
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Group gap={6}>
      {flags.map((flag) => (
        <Badge key={flag} color={FLAG_COLORS[flag]} variant="light" size="sm">
          {MERCHANT_FLAG_LABELS[flag]}
        </Badge>
      ))}
    </Group>
  );
}
