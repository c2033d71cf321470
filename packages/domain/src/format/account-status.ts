import { toTitleCase } from './text';

/** Mantine colour names: green for Active, yellow (warning) for Pending, gray (muted) for Closed and Inactive. */
export type AccountStatusColor = 'green' | 'yellow' | 'gray';

export type AccountStatusDisplay = { label: string; color: AccountStatusColor };

const KNOWN_STATUSES: Record<string, AccountStatusDisplay> = {
  active: { label: 'Active', color: 'green' },
  pending: { label: 'Pending', color: 'yellow' },
  closed: { label: 'Closed', color: 'gray' },
  inactive: { label: 'Inactive', color: 'gray' },
};

/** Case-insensitive (`ACTIVE` and `Active` both read as Active); an unknown status is shown muted, in title case. */
export function accountStatusDisplay(status: string): AccountStatusDisplay {
  const key = status.trim().toLowerCase();
  return KNOWN_STATUSES[key] ?? { label: toTitleCase(key), color: 'gray' };
}
