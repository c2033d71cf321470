import { Badge } from '@mantine/core';
import type { UserStatus } from '@paydesk/domain/format/user';

const STATUS_COLORS = { Pending: 'yellow', Active: 'teal', Inactive: 'gray' } as const satisfies Record<
  UserStatus,
  string
>;

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {status}
    </Badge>
  );
}
