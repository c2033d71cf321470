import { Paper, Pagination, Stack, Text, Timeline } from '@mantine/core';
import { listPageQuery, type CustomerEvent } from '@paydesk/domain/customers/customers.contract';
import { formatDateTime } from '@paydesk/domain/format/date';
import { formatFullName } from '@paydesk/domain/format/user';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { useCustomerHistory } from '../api/customers-queries';
import { useCustomerContext, type CustomerContext } from '../hooks/customer-context';
import { describeChanges, describeEventTitle } from '../history-words';

const PAGE_SIZE = 100;

/** Every field of the change in words: before → after. */
function Changes({ event, timeZone }: { event: CustomerEvent; timeZone: string | undefined }) {
  const lines = describeChanges(event, timeZone);
  if (lines.length === 0) return null;
  return (
    <Stack gap={2} mt={4}>
      {lines.map((line) => (
        <Text key={line.field} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          <Text span fw={600}>
            {line.label}:
          </Text>{' '}
          {line.text}
        </Text>
      ))}
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
  const timeZone = useMerchantTimeZone(merchantID);
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
            <Timeline.Item key={event.id} title={describeEventTitle(event)}>
              <Text size="xs" c="dimmed">
                {`${formatDateTime(event.created, { timeZone })} · ${event.actor ? formatFullName(event.actor) : 'System'}`}
              </Text>
              <Changes event={event} timeZone={timeZone} />
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
