import { List, Text } from '@mantine/core';

/** `role_description` → `Role description`. */
export function fieldLabel(key: string): string {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A recorded value as people read it; masked secrets (••••) and amounts (integer cents) stay as recorded. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? 'None' : value.map(describeValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

type ActivityChangesProps = {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** Each changed field: its value before → after (only one side for creations and deletions). */
export function ActivityChanges({ before, after }: ActivityChangesProps) {
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
        const was = before && key in before ? describeValue(before[key]) : null;
        const now = after && key in after ? describeValue(after[key]) : null;
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
