import { List, Text } from '@mantine/core';
import { formatCalendarDate, formatDateTime } from '@paydesk/domain/format/date';

/** `role_description` → `Role description`. */
export function fieldLabel(key: string): string {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An instant as recorded (ISO 8601 with a time). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A recorded value as people read it; masked secrets (••••) and amounts (integer cents) stay as recorded. Days read
 * MM/DD/YYYY and moments MM/DD/YYYY h:mm AM in `timeZone`, the merchant's.
 */
export function describeValue(value: unknown, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value))
    return value.length === 0 ? 'None' : value.map((item) => describeValue(item, timeZone)).join(', ');
  if (typeof value === 'string' && INSTANT.test(value)) return formatDateTime(value, { timeZone }) || value;
  if (typeof value === 'string') return formatCalendarDate(value) || value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

type ActivityChangesProps = {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The merchant's zone, in which recorded moments are shown. */
  timeZone: string | undefined;
};

/** Each changed field: its value before → after (only one side for creations and deletions). */
export function ActivityChanges({ before, after, timeZone }: ActivityChangesProps) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No field details were recorded.
      </Text>
    );
  return (
    <List size="sm" spacing={4} listStyleType="none" ml={0} pl={0}>
      {keys.map((key) => {
        const was = before && key in before ? describeValue(before[key], timeZone) : null;
        const now = after && key in after ? describeValue(after[key], timeZone) : null;
        return (
          <List.Item key={key}>
            <Text span size="sm" fw={500}>
              {fieldLabel(key)}:
            </Text>{' '}
            {was !== null && now !== null ? (
              <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                {was} → {now}
              </Text>
            ) : (
              <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                {now ?? was}
              </Text>
            )}
          </List.Item>
        );
      })}
    </List>
  );
}
