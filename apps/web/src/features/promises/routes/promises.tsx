import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import { formatDateTime } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import { promiseStatusDisplay } from '@paydesk/domain/format/promise';
import {
  PROMISE_OUTCOME_LABELS,
  PROMISE_OUTCOMES,
  type PaymentPromise,
  type PromiseOutcome,
} from '@paydesk/domain/promises/promises.contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { type DataColumn } from '../../../components/data-table';
import { countOf, ListPage, ListSection } from '../../../components/list-page';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMeetsMerchantRequirement, useRouteMerchantId } from '../../../lib/use-merchant-access';
import { PROMISES_PAGE_SIZE, useConfirmPromise, usePromises } from '../api/promises';

const OUTCOME_COLORS: Record<PromiseOutcome, string> = {
  open: 'blue',
  kept: 'teal',
  partially_kept: 'yellow',
  broken: 'red',
};

const ALL = 'all';

/**
 * /promises (SPEC §2 Reports): the merchant's promises to pay for follow-up — open ones soonest first, kept, partly
 * kept and broken ones latest first — filtered by outcome.
 */
export function PromisesRoute() {
  const merchantID = useRouteMerchantId();
  const timeZone = useMerchantTimeZone(merchantID);
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<PromiseOutcome | null>('open');
  const promises = usePromises(merchantID, page, outcome);
  const mayConfirm = useMeetsMerchantRequirement(merchantID, ACCESS_REQUIREMENTS.paymentTake);
  const confirm = useConfirmPromise(merchantID);

  const columns: DataColumn<PaymentPromise>[] = [
    {
      key: 'when',
      label: 'Promised for',
      primary: true,
      render: (row) => formatDateTime(row.scheduled_date, { timeZone }),
    },
    {
      key: 'customer',
      label: 'Customer',
      render: (row) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/merchants/${merchantID}/customers/${row.customer}`} size="sm">
            {row.customer_name}
          </Anchor>
          <Text size="xs" c="dimmed">{`Account ${row.account_external_id}`}</Text>
        </Stack>
      ),
    },
    { key: 'amount', label: 'Amount', render: (row) => formatMoney(row.amount) },
    {
      key: 'status',
      label: 'Status',
      render: (row) =>
        row.status === 'PROMISED' && row.outcome === 'open' && mayConfirm ? (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm">{promiseStatusDisplay(row.status)}</Text>
            <Button
              size="compact-xs"
              variant="light"
              loading={confirm.isPending && confirm.variables === row.id}
              aria-label={`Confirm the promise of ${row.customer_name}`}
              onClick={() =>
                confirm.mutate(row.id, {
                  onSuccess: () => notifySuccess('Promise confirmed'),
                  onError: (error) => notifyError(error),
                })
              }
            >
              Confirm
            </Button>
          </Group>
        ) : (
          promiseStatusDisplay(row.status)
        ),
    },
    {
      key: 'outcome',
      label: 'Outcome',
      render: (row) => (
        <Stack gap={0}>
          <Badge variant="light" color={OUTCOME_COLORS[row.outcome]}>
            {PROMISE_OUTCOME_LABELS[row.outcome]}
          </Badge>
          {row.paid_amount !== null && row.outcome !== 'open' && (
            <Text size="xs" c="dimmed">{`Paid ${formatMoney(row.paid_amount)}`}</Text>
          )}
        </Stack>
      ),
    },
    { key: 'method', label: 'Pay with', render: (row) => row.payment_method_label ?? '—' },
    { key: 'note', label: 'Note', render: (row) => row.note || '—' },
    { key: 'by', label: 'Recorded by', render: (row) => row.created_by_name },
  ];

  return (
    <ListPage
      title="Promises"
      description="Promises to pay recorded on accounts. At its time a promise is kept when payments since it was recorded cover it, partly kept when they cover some, and broken when there were none."
      count={countOf(promises.data, 'promise')}
    >
      <SegmentedControl
        aria-label="Outcome"
        value={outcome ?? ALL}
        onChange={(value) => {
          setOutcome(value === ALL ? null : (value as PromiseOutcome));
          setPage(1);
        }}
        data={[
          ...PROMISE_OUTCOMES.map((value) => ({ value, label: PROMISE_OUTCOME_LABELS[value] })),
          { value: ALL, label: 'All' },
        ]}
        w="fit-content"
      />
      <ListSection
        unavailable={!merchantID && 'Choose a merchant first.'}
        query={promises}
        loadingLabel="Loading promises"
        errorTitle="Promises could not be loaded"
        table={{ columns, rowKey: (row) => row.id, minWidth: 960 }}
        empty="No promises."
        pager={{ page, pageSize: PROMISES_PAGE_SIZE, onPageChange: setPage }}
      />
    </ListPage>
  );
}
