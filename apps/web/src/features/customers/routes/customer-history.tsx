import { Paper, Pagination, Stack, Text, Timeline } from '@mantine/core';
import { listPageQuery, type CustomerEvent } from '@paydesk/domain/customers/customers.contract';
import { accountStatusDisplay } from '@paydesk/domain/format/account-status';
import { formatDate, formatDateTime } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import { formatFullName } from '@paydesk/domain/format/user';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { useCustomerHistory } from '../api/customers-queries';
import { useCustomerContext, type CustomerContext } from '../hooks/customer-context';

const KIND_LABELS: Record<string, string> = {
  'customer.created': 'Customer created',
  'customer.updated': 'Customer changed',
  'customer.removed': 'Customer removed',
  'account.created': 'Account created',
  'account.updated': 'Account changed',
  'co_borrower.added': 'Co-borrower added',
  'co_borrower.removed': 'Co-borrower removed',
  'note.added': 'Note added',
  'note.edited': 'Note edited',
  'consent.changed': 'Opt-in changed',
  'integration.synced': 'Updated from FreshBooks',
};

const PAGE_SIZE = 100;

/** A history kind in words; kinds other features add read as their code, in sentence case. */
export function describeKind(kind: string): string {
  const known = KIND_LABELS[kind];
  if (known) return known;
  const words = kind.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A changed value as people read it: cents as money, days as MM/DD/YYYY, flags as Yes/No. */
export function describeValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'status' && typeof value === 'string') {
    return value === 'do_not_contact' ? 'Do Not Contact' : accountStatusDisplay(value).label;
  }
  if (typeof value === 'number' && field.endsWith('_cents')) return formatMoney(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (Array.isArray(value)) return value.map((item) => describeValue(field, item)).join(', ') || '—';
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.name === 'string') return record.name;
    return JSON.stringify(value);
  }
  return String(value);
}

function fieldLabel(field: string): string {
  const words = field.replace(/_cents$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every field of the change: before → after. */
function Changes({ event }: { event: CustomerEvent }) {
  const fields = [...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})])];
  if (fields.length === 0) return null;
  return (
    <Stack gap={2} mt={4}>
      {fields.map((field) => {
        const hasBefore = event.before !== null && field in event.before;
        const before = describeValue(field, event.before?.[field]);
        const after = describeValue(field, event.after?.[field]);
        return (
          <Text key={field} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {fieldLabel(field)}:
            </Text>{' '}
            {hasBefore ? `${before} → ${after}` : after}
          </Text>
        );
      })}
    </Stack>
  );
}

/** The history page the URL names (`?page=`); anything but a page number reads as the first. */
export function readHistoryPage(params: URLSearchParams): number {
  const parsed = listPageQuery.shape.page.safeParse(params.get('page') ?? undefined);
  return parsed.success ? parsed.data : 1;
}

/**
 * The customer's history, newest first: every change with who made it, when, and what it was before and after.
 * The page is kept in the URL (`?page=2`), so back, forward and refresh keep it.
 */
export function CustomerHistoryRoute({ context }: { context?: CustomerContext }) {
  const { merchantID, customer } = useCustomerContext(context);
  const [params, setParams] = useSearchParams();
  const page = readHistoryPage(params);
  const setPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 1) updated.delete('page');
      else updated.set('page', String(next));
      return updated;
    });
  const history = useCustomerHistory(merchantID, customer.id, page);

  if (!history.data) {
    return <QueryState error={history.error} loadingLabel="Loading history" errorTitle="History could not be loaded" />;
  }
  const pages = Math.max(1, Math.ceil(history.data.count / PAGE_SIZE));
  return (
    <Paper withBorder p="lg">
      {history.data.results.length === 0 ? (
        <Text c="dimmed">No history yet.</Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} aria-label="History">
          {history.data.results.map((event) => (
            <Timeline.Item key={event.id} title={describeKind(event.kind)}>
              <Text size="xs" c="dimmed">
                {`${formatDateTime(event.created)} · ${event.actor ? formatFullName(event.actor) : 'System'}`}
              </Text>
              <Changes event={event} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {pages > 1 && (
        <Pagination
          mt="md"
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Paper>
  );
}
