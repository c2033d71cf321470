import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import { formatDateTime } from '@paydesk/domain/format/date';
import { MESSAGE_QUEUE_PAGE_SIZE, type MissedMessage } from '@paydesk/domain/messaging/message-queues.contract';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { type DataColumn } from '../../../components/data-table';
import { countOf, ListPage, ListSection } from '../../../components/list-page';
import { isApiError } from '../../../lib/is-api-error';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMeetsMerchantRequirement, useRouteMerchantId } from '../../../lib/use-merchant-access';
import { useDismissMessage, useMissedMessages, useResendMessage } from '../api/message-queues';

const recipientName = (row: MissedMessage) =>
  row.customer ? `${row.customer.first_name} ${row.customer.last_name}`.trim() || 'Customer' : 'Unknown sender';

/** Whether a failed resend may have been done after all: no answer came, or the server failed while doing it. */
const mayHaveBeenSent = (error: unknown) => !isApiError(error) || error.status === 0 || error.status >= 500;

/**
 * /missed-messages (Home's dashboard queue): texts that failed or were undelivered, with the reason in plain words,
 * Resend where the error allows (the send checks consent, do-not-contact and quiet hours again) and Dismiss.
 */
export function MissedMessagesRoute() {
  const merchantID = useRouteMerchantId();
  const timeZone = useMerchantTimeZone(merchantID);
  const mayResend = useMeetsMerchantRequirement(merchantID, ACCESS_REQUIREMENTS.freeTypeChat);
  const [page, setPage] = useState(1);
  const missed = useMissedMessages(merchantID, page);
  const resend = useResendMessage(merchantID);
  const dismiss = useDismissMessage(merchantID);
  // One Idempotency-Key per text until it is answered: a double click, or a click again after a lost answer,
  // sends it once.
  const keys = useRef(new Map<string, string>());

  const handleResend = (row: MissedMessage) => {
    const idempotencyKey = keys.current.get(row.id) ?? crypto.randomUUID();
    keys.current.set(row.id, idempotencyKey);
    resend.mutate(
      { messageID: row.id, idempotencyKey },
      {
        onSuccess: () => {
          keys.current.delete(row.id);
          notifySuccess(`Text to ${recipientName(row)} queued to be sent again`);
        },
        onError: (error) => {
          if (!mayHaveBeenSent(error)) keys.current.delete(row.id);
          notifyError(error);
        },
      },
    );
  };

  const handleDismiss = (row: MissedMessage) =>
    dismiss.mutate(row.id, {
      onSuccess: () => notifySuccess(`Text to ${recipientName(row)} dismissed`),
      onError: (error) => notifyError(error),
    });

  const columns: DataColumn<MissedMessage>[] = [
    { key: 'created', label: 'Sent', primary: true, render: (row) => formatDateTime(row.created, { timeZone }) },
    {
      key: 'customer',
      label: 'Customer',
      render: (row) => (
        <Stack gap={0}>
          {row.customer ? (
            <Anchor component={Link} to={`/merchants/${merchantID}/customers/${row.customer.id}`} size="sm">
              {recipientName(row)}
            </Anchor>
          ) : (
            <Text size="sm">{recipientName(row)}</Text>
          )}
          {row.customer?.external_id && <Text size="xs" c="dimmed">{`Account ${row.customer.external_id}`}</Text>}
          {row.phone_number && (
            <Text size="xs" c="dimmed">
              {row.phone_number}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'text',
      label: 'Text',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {row.body || '(attachment only)'}
          </Text>
          {row.attachments > 0 && row.body && (
            <Text
              size="xs"
              c="dimmed"
            >{`${row.attachments} ${row.attachments === 1 ? 'attachment' : 'attachments'}`}</Text>
          )}
          <Text size="xs" c="dimmed">{`From ${row.sender}`}</Text>
        </Stack>
      ),
    },
    {
      key: 'reason',
      label: 'Reason',
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.reason}
          </Text>
          <Group gap={6}>
            <Badge color={row.status === 'failed' ? 'red' : 'orange'} variant="light" size="sm">
              {row.status === 'failed' ? 'Failed' : 'Undelivered'}
            </Badge>
            {row.error_code && (
              <Text size="xs" c="dimmed">
                {`Error ${row.error_code}`}
              </Text>
            )}
          </Group>
          {row.resend_of && (
            <Text size="xs" c="dimmed">
              Already sent again once
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      actions: true,
      align: 'right',
      render: (row) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {row.resendable && mayResend ? (
            <Button
              size="compact-sm"
              variant="light"
              loading={resend.isPending && resend.variables?.messageID === row.id}
              onClick={() => handleResend(row)}
              aria-label={`Resend the text to ${recipientName(row)}`}
            >
              Resend
            </Button>
          ) : (
            !row.resendable && (
              <Text size="xs" c="dimmed">
                Can not be sent again
              </Text>
            )
          )}
          <Button
            size="compact-sm"
            variant="default"
            loading={dismiss.isPending && dismiss.variables === row.id}
            onClick={() => handleDismiss(row)}
            aria-label={`Dismiss the text to ${recipientName(row)}`}
          >
            Dismiss
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <ListPage
      title="Missed messages"
      description="Texts that failed or were not delivered, newest first. Sending one again checks the customer’s consent, do-not-contact and quiet hours again; a blocked, unknown, landline or invalid number can not be texted."
      count={countOf(missed.data, 'missed message')}
    >
      <ListSection
        unavailable={!merchantID && 'Choose a merchant first.'}
        query={missed}
        loadingLabel="Loading missed messages"
        errorTitle="Missed messages could not be loaded"
        table={{ columns, rowKey: (row) => row.id, minWidth: 1000 }}
        empty="No missed messages."
        pager={{ page, pageSize: MESSAGE_QUEUE_PAGE_SIZE, onPageChange: setPage }}
      />
    </ListPage>
  );
}
