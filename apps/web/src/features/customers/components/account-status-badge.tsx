import { Badge } from '@mantine/core';
import { accountStatusDisplay } from '@paydesk/domain/format/account-status';

/** SPEC §4: Active green, Pending warning, Closed or Inactive muted (do not contact reads muted too). */
export function AccountStatusBadge({ status }: { status: string }) {
  const { label, color } = accountStatusDisplay(status);
  return (
    <Badge variant="light" color={color}>
      {label}
    </Badge>
  );
}
