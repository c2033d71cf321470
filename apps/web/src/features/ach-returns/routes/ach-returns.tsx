import { Anchor, Badge, Button, Select, Stack, Text } from '@mantine/core';
import { formatCalendarDate, formatDate } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import {
  ACH_RETURN_MEANINGS,
  MAX_REPRESENTMENTS,
  REPRESENTMENT_WINDOW_DAYS,
} from '@paydesk/domain/payments/ach-returns';
import type { AchReturn } from '@paydesk/domain/payments/ach-returns.contract';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { type DataColumn } from '../../../components/data-table';
import { countOf, ListPage, ListSection } from '../../../components/list-page';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { notifySuccess } from '../../../lib/notify';
import { useRouteMerchantId } from '../../../lib/use-merchant-access';
import { ACH_RETURNS_PAGE_SIZE, useAchReturnRates, useAchReturns, useRepresentAchReturn } from '../api/ach-returns';
import { ReturnRatesPanel } from '../components/return-rates-panel';

const customerName = (row: AchReturn) => `${row.customer.first_name} ${row.customer.last_name}`.trim();

const CODE_OPTIONS = Object.entries(ACH_RETURN_MEANINGS).map(([code, meaning]) => ({
  value: code,
  label: `${code} · ${meaning}`,
}));

const ACTION_COLORS: Record<AchReturn['action'], string> = {
  represented: 'blue',
  may_represent: 'yellow',
  limit_reached: 'gray',
  window_closed: 'gray',
  method_disabled: 'red',
  new_authorization_needed: 'orange',
  none: 'gray',
};

/**
 * /ach-return (SPEC §2 reports): returned bank debits with the return code and Nacha's meaning, the attempt, the
 * re-presentment deadline and the action taken; an R01 or R09 return may be re-presented (after asking) for the
 * same amount; and the merchant's 60-day return rates against Nacha's thresholds.
 */
export function AchReturnsRoute() {
  const merchantID = useRouteMerchantId();
  const timeZone = useMerchantTimeZone(merchantID);
  const [page, setPage] = useState(1);
  const [code, setCode] = useState<string | null>(null);
  const [representing, setRepresenting] = useState<AchReturn | null>(null);
  const returns = useAchReturns(merchantID, page, code);
  const rates = useAchReturnRates(merchantID);

  const columns: DataColumn<AchReturn>[] = [
    {
      key: 'returned',
      label: 'Returned',
      primary: true,
      render: (row) => formatDate(row.returned_at, { timeZone }),
    },
    {
      key: 'customer',
      label: 'Customer',
      render: (row) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/merchants/${merchantID}/customers/${row.customer.id}`} size="sm">
            {customerName(row)}
          </Anchor>
          <Text size="xs" c="dimmed">{`Account ${row.account.external_id} · ${row.payment_method.label}`}</Text>
        </Stack>
      ),
    },
    { key: 'amount', label: 'Amount', render: (row) => formatMoney(row.amount) },
    {
      key: 'code',
      label: 'Code',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {row.code}
          </Text>
          <Text size="xs" c="dimmed">
            {row.meaning}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'attempt',
      label: 'Attempt',
      render: (row) => (row.attempt === 0 ? 'Original' : `Re-presentment ${row.attempt}`),
    },
    {
      key: 'deadline',
      label: 'Re-present by',
      render: (row) => (row.represent_deadline ? formatCalendarDate(row.represent_deadline) : '—'),
    },
    {
      key: 'action',
      label: 'Action',
      render: (row) => (
        <Badge color={ACTION_COLORS[row.action]} variant="light">
          {row.action_label}
        </Badge>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      actions: true,
      align: 'right',
      render: (row) =>
        row.action === 'may_represent' ? (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => setRepresenting(row)}
            aria-label={`Re-present the ${formatMoney(row.amount)} debit of ${customerName(row)}`}
          >
            Re-present
          </Button>
        ) : null,
    },
  ];

  return (
    <ListPage
      title="ACH returns"
      description={`A returned debit goes back on the account. R01 and R09 may be re-presented for the same amount at most ${MAX_REPRESENTMENTS} times within ${REPRESENTMENT_WINDOW_DAYS} days of the original debit; R02, R03, R04 and R16 disable the bank method; R07, R10 and R29 need a new authorisation from the customer.`}
    >
      {merchantID && <ReturnRatesPanel rates={rates.data} error={rates.error} />}
      <ListSection
        unavailable={!merchantID && 'Choose a merchant first.'}
        filters={
          <Select
            label="Return code"
            placeholder="All codes"
            data={CODE_OPTIONS}
            value={code}
            onChange={(value) => {
              setCode(value);
              setPage(1);
            }}
            clearable
            searchable
            w={320}
          />
        }
        count={countOf(returns.data, 'return')}
        query={returns}
        loadingLabel="Loading ACH returns"
        errorTitle="ACH returns could not be loaded"
        table={{ columns, rowKey: (row) => row.id, minWidth: 1040 }}
        empty="No ACH returns."
        pager={{ page, pageSize: ACH_RETURNS_PAGE_SIZE, onPageChange: setPage }}
      />
      {representing && (
        <RepresentDialog merchantID={merchantID} returned={representing} onClose={() => setRepresenting(null)} />
      )}
    </ListPage>
  );
}

function RepresentDialog({
  merchantID,
  returned,
  onClose,
}: {
  merchantID: string;
  returned: AchReturn;
  onClose: () => void;
}) {
  const represent = useRepresentAchReturn(merchantID);
  // One key per confirmed re-presentment: confirming again after a lost answer debits once.
  const key = useRef(crypto.randomUUID());
  const confirm = () =>
    represent.mutate(
      { paymentID: returned.id, idempotencyKey: key.current },
      {
        onSuccess: (payment) => {
          notifySuccess(`Debit of ${formatMoney(payment.total_amount)} presented again`);
          onClose();
        },
      },
    );
  return (
    <ConfirmModal
      opened
      title="Re-present debit"
      confirmLabel={`Re-present ${formatMoney(returned.amount)}`}
      confirmColor="blue"
      loading={represent.isPending}
      error={represent.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      {`Debit ${formatMoney(returned.amount)} again from ${returned.payment_method.label} for ${customerName(returned)}, account ${returned.account.external_id}? It was returned ${returned.code} (${returned.meaning}). This is re-presentment ${returned.attempt + 1} of ${MAX_REPRESENTMENTS}.`}
    </ConfirmModal>
  );
}
