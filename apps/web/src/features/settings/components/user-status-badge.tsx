import { Badge } from '@mantine/core';
import type { UserStatus } from '@paydesk/domain/format/user';

/** `Disabled`: disabled at this merchant (the account may still work elsewhere). */
export type MerchantUserStatus = UserStatus | 'Disabled';

const STATUS_COLORS = {
  Pending: 'yellow',
  Active: 'teal',
  Inactive: 'gray',
  Disabled: 'gray',
} as const satisfies Record<MerchantUserStatus, string>;

export function UserStatusBadge({ status }: { status: MerchantUserStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {status}
    </Badge>
  );
}
