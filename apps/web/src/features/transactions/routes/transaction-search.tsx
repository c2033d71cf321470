import { Alert, Anchor, Badge, Button, Group, MultiSelect, Progress, Stack, Text } from '@mantine/core';
import { isCalendarDate } from '@paydesk/domain/dates/calendar';
import { formatDate } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import { TRANSACTION_STATUSES, type TransactionStatus } from '@paydesk/domain/payments/payments';
import {
  TRANSACTION_LIKE_MAX_LENGTH,
  transactionSearchQuery,
  type TransactionRow,
} from '@paydesk/domain/transactions/transactions.contract';
import { IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { type DataColumn } from '../../../components/data-table';
import { ListPage, ListSection } from '../../../components/list-page';
import { DateField } from '../../../components/date-field';
import { describeError } from '../../../lib/notify';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { useListState } from '../../../lib/use-list-state';
import { useRouteMerchantId } from '../../../lib/use-merchant-access';
import { exportTransactionsCsv, useTransactionSearch, type ExportProgress } from '../api/transactions';
import { formatCount } from '@paydesk/domain/format/count';

/** Page, rows per page (50, 75, 100) and order as the list state keeps them; `search` is the API's `like`. */
const listSchema = transactionSearchQuery.pick({ page: true, page_size: true, ordering: true }).extend({
  search: z.string().max(TRANSACTION_LIKE_MAX_LENGTH).optional(),
});

const STATUS_COLORS: Record<TransactionStatus, string> = {
  PENDING: 'yellow',
  PAID: 'teal',
  FAILED: 'red',
  RETURNED: 'red',
  PARTIALLY_REFUNDED: 'orange',
  REFUNDED: 'gray',
  VOIDED: 'gray',
};

/** `PARTIALLY_REFUNDED` → `Partially refunded`. */
export const statusWords = (status: TransactionStatus) =>
  status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' ');

const STATUS_OPTIONS = TRANSACTION_STATUSES.map((status) => ({ value: status, label: statusWords(status) }));

type Filters = { status: TransactionStatus[]; start?: string; end?: string };

/** The filters as the URL holds them (`?status=PAID&status=FAILED&start=2026-03-01&end=2026-03-31`). */
export function readFilters(params: URLSearchParams): Filters {
  const status = params
    .getAll('status')
    .filter((value): value is TransactionStatus => (TRANSACTION_STATUSES as readonly string[]).includes(value));
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return isCalendarDate(value) ? value : undefined;
  };
  return { status, start: day('start'), end: day('end') };
}

const customerName = (row: TransactionRow) =>
  row.customer ? `${row.customer.first_name} ${row.customer.last_name}`.trim() : row.payer_name;

/**
 * /transaction-search (SPEC §2 Reports; is_merchant_payment_report_allowed) and, for legacy-app organisations,
 * /transaction-report-legacy (guard 4 sends them there): the merchant's payments filtered by status, days (in the
 * merchant's time zone) and a search over customer name, external id, last 4 and processor reference, sorted and
 * paged in the URL; Export CSV downloads every match, with its progress.
 */
export function TransactionSearchRoute({ legacy = false }: { legacy?: boolean }) {
  const merchantID = useRouteMerchantId();
  const timeZone = useMerchantTimeZone(merchantID);
  const list = useListState(listSchema, readFilters);
  const { filters, setFilter } = list;
  const like = list.search || undefined;
  const search = useTransactionSearch(merchantID, {
    page: list.page,
    page_size: list.pageSize,
    ordering: list.ordering,
    status: filters.status,
    start: filters.start,
    end: filters.end,
    like,
  });
  const count = search.data?.count ?? 0;
  const capped = search.data?.count_capped ?? false;
  // Past the server's count cap the footer always offers the next page, so every match stays reachable.
  const footerTotal = capped ? Math.max(count, list.page * list.pageSize + 1) : count;
  const title = legacy ? 'Transaction report' : 'Transaction search';

  const columns: DataColumn<TransactionRow>[] = [
    {
      key: 'created',
      label: 'Date',
      primary: true,
      sort: list.sortOf('created'),
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(row.created, { timeZone })}
        </Text>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      sort: list.sortOf('status'),
      render: (row) => (
        <Badge color={STATUS_COLORS[row.status]} variant="light" size="sm">
          {statusWords(row.status)}
        </Badge>
      ),
    },
    {
      key: 'customer',
      label: 'Customer',
      render: (row) =>
        row.customer ? (
          <Anchor component={Link} to={`/merchants/${merchantID}/customers/${row.customer.id}`} size="sm">
            {customerName(row)}
          </Anchor>
        ) : (
          customerName(row)
        ),
    },
    { key: 'account', label: 'Account', render: (row) => row.account?.external_id ?? '' },
    { key: 'location', label: 'Location', render: (row) => row.location_name },
    {
      key: 'methods',
      label: 'Method',
      render: (row) => row.methods.map((method) => method.label).join(', '),
    },
    { key: 'amount', label: 'Amount', align: 'right', render: (row) => formatMoney(row.amount) },
    { key: 'fee', label: 'Fee', align: 'right', render: (row) => formatMoney(row.convenience_fee) },
    {
      key: 'total',
      label: 'Total',
      align: 'right',
      sort: list.sortOf('total_amount'),
      render: (row) => formatMoney(row.payment.total_amount),
    },
    {
      key: 'refunded',
      label: 'Refunded',
      align: 'right',
      render: (row) => (row.refunded_amount ? formatMoney(row.refunded_amount) : ''),
    },
    {
      key: 'reference',
      label: 'Processor reference',
      render: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.processor_references.join(', ')}
        </Text>
      ),
    },
    { key: 'created_by', label: 'Created by', render: (row) => row.created_by_name },
  ];

  const filtered = Boolean(filters.status.length || filters.start || filters.end || like);

  return (
    <ListPage
      title={title}
      count={
        search.data
          ? `${formatCount(count)}${capped ? '+' : ''} ${count === 1 && !capped ? 'transaction' : 'transactions'}`
          : null
      }
      actions={
        <ExportButton
          merchantID={merchantID}
          body={{ status: filters.status, start: filters.start, end: filters.end, like }}
          disabled={!search.data || count === 0}
        />
      }
    >
      <ListSection
        unavailable={!merchantID && 'Choose a merchant first.'}
        search={{
          list,
          label: 'Search',
          placeholder: 'Name, external ID, last 4 or reference',
          maxLength: TRANSACTION_LIKE_MAX_LENGTH,
          w: { base: '100%', sm: 300 },
        }}
        filters={
          <>
            <MultiSelect
              label="Status"
              placeholder={filters.status.length ? undefined : 'Any status'}
              data={STATUS_OPTIONS}
              value={filters.status}
              onChange={(value) => setFilter('status', value)}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear statuses' }}
              w={{ base: '100%', sm: 260 }}
            />
            <DateField
              label="Start date"
              value={filters.start ?? ''}
              onChange={(value) => {
                if (!value || isCalendarDate(value)) setFilter('start', value);
              }}
              w={{ base: '100%', xs: 170 }}
            />
            <DateField
              label="End date"
              value={filters.end ?? ''}
              onChange={(value) => {
                if (!value || isCalendarDate(value)) setFilter('end', value);
              }}
              w={{ base: '100%', xs: 170 }}
            />
          </>
        }
        query={search}
        loadingLabel="Loading transactions"
        errorTitle="Transactions could not be loaded"
        table={{ columns, rowKey: (row) => row.id, minWidth: 1280 }}
        empty={filtered ? 'No transactions match these filters.' : 'No transactions yet.'}
        pager={list.footer}
        pagerTotal={footerTotal}
      />
    </ListPage>
  );
}

/** /transaction-report-legacy: the same report for legacy-app organisations (SPEC §2 guard 4). */
export function TransactionReportLegacyRoute() {
  return <TransactionSearchRoute legacy />;
}

/** Export CSV: every match of the filters, streamed, with a progress bar while it downloads. */
function ExportButton({
  merchantID,
  body,
  disabled,
}: {
  merchantID: string;
  body: { status: TransactionStatus[]; start?: string; end?: string; like?: string };
  disabled: boolean;
}) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  const run = async () => {
    setError(null);
    controller.current = new AbortController();
    setProgress({ rows: 0, total: null });
    try {
      const { blob, filename } = await exportTransactionsCsv(merchantID, body, setProgress, controller.current.signal);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (caught) {
      if (!controller.current.signal.aborted) setError(describeError(caught));
    } finally {
      setProgress(null);
    }
  };

  const percent = progress?.total ? Math.round((progress.rows / progress.total) * 100) : 0;
  return (
    <Stack gap={6} align="flex-end" w={{ base: '100%', xs: 280 }}>
      <Group gap="xs">
        {progress && (
          <Button variant="default" onClick={() => controller.current?.abort()}>
            Cancel export
          </Button>
        )}
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={Boolean(progress)}
          disabled={disabled}
          onClick={() => void run()}
        >
          Export CSV
        </Button>
      </Group>
      {progress && (
        <Stack gap={2} w="100%">
          <Progress value={percent} aria-label="Export progress" animated={progress.total === null} />
          <Text size="xs" c="dimmed" aria-live="polite">
            {progress.total === null
              ? `Exported ${progress.rows} rows`
              : `Exported ${progress.rows} of ${progress.total} rows`}
          </Text>
        </Stack>
      )}
      {error && (
        <Alert color="red" role="alert" w="100%">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
