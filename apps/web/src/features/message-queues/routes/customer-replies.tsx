import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@paydesk/domain/format/date';
import { MESSAGE_QUEUE_PAGE_SIZE, type CustomerReply } from '@paydesk/domain/messaging/message-queues.contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { type DataColumn } from '../../../components/data-table';
import { countOf, ListPage, ListSection } from '../../../components/list-page';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRouteMerchantId } from '../../../lib/use-merchant-access';
import { useCustomerReplies, useMarkRead } from '../api/message-queues';

const customerName = (row: CustomerReply) => `${row.first_name} ${row.last_name}`.trim() || 'Customer';

/** A reply as the list shows it: its words, or what it carried when it has none. */
const replyText = (message: CustomerReply['messages'][number]) =>
  message.body.trim() || (message.attachments > 0 ? '(attachment)' : '(empty)');

/**
 * /customer-replies (Home's dashboard queue, SPEC §2 "unread messages"): the conversations with customers' replies
 * nobody has read, the one waiting longest first, with the latest replies, an Open link to the conversation in the
 * inbox and Mark read.
 */
export function CustomerRepliesRoute() {
  const merchantID = useRouteMerchantId();
  const timeZone = useMerchantTimeZone(merchantID);
  const [page, setPage] = useState(1);
  const replies = useCustomerReplies(merchantID, page);
  const markRead = useMarkRead(merchantID);

  const handleMarkRead = (row: CustomerReply) =>
    markRead.mutate(
      { customerID: row.customer_id, throughMessage: row.messages[0]?.id },
      {
        onSuccess: () => notifySuccess(`Marked ${customerName(row)}'s replies read`),
        onError: (error) => notifyError(error),
      },
    );

  const columns: DataColumn<CustomerReply>[] = [
    {
      key: 'customer',
      label: 'Customer',
      primary: true,
      render: (row) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/merchants/${merchantID}/customers/${row.customer_id}`} size="sm" fw={600}>
            {customerName(row)}
          </Anchor>
          {row.external_id && <Text size="xs" c="dimmed">{`Account ${row.external_id}`}</Text>}
          {row.phone_number && (
            <Text size="xs" c="dimmed">
              {row.phone_number}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'replies',
      label: 'Replies',
      render: (row) => (
        <Stack gap={4}>
          {row.messages.map((message) => (
            <Text key={message.id} size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {replyText(message)}
            </Text>
          ))}
          {row.needs_review && (
            <Badge color="orange" variant="light" size="sm">
              Reads like an opt-out
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'received',
      label: 'Received',
      noWrap: true,
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{formatDateTime(row.messages[0]?.created ?? row.first_unread_created, { timeZone })}</Text>
          {row.unread_messages > 1 && (
            <Text size="xs" c="dimmed">{`First at ${formatDateTime(row.first_unread_created, { timeZone })}`}</Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'unread',
      label: 'Unread',
      align: 'right',
      render: (row) => <Badge variant="light">{row.unread_messages}</Badge>,
    },
    {
      key: 'actions',
      label: 'Actions',
      actions: true,
      align: 'right',
      render: (row) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            component={Link}
            to={`/merchants/${merchantID}/inbox?customer=${encodeURIComponent(row.customer_id)}`}
            size="compact-sm"
            variant="light"
            aria-label={`Open the conversation with ${customerName(row)}`}
          >
            Open
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            loading={markRead.isPending && markRead.variables?.customerID === row.customer_id}
            onClick={() => handleMarkRead(row)}
            aria-label={`Mark ${customerName(row)}'s replies read`}
          >
            Mark read
          </Button>
        </Group>
      ),
    },
  ];

  const waiting = countOf(replies.data, 'conversation');

  return (
    <ListPage
      title="Customer replies"
      description="Conversations with replies nobody has read yet, the one waiting longest first."
      count={waiting && `${waiting} waiting`}
    >
      <ListSection
        unavailable={!merchantID && 'Choose a merchant first.'}
        query={replies}
        loadingLabel="Loading customer replies"
        errorTitle="Customer replies could not be loaded"
        table={{ columns, rowKey: (row) => row.customer_id, minWidth: 900 }}
        empty="No unread replies."
        pager={{ page, pageSize: MESSAGE_QUEUE_PAGE_SIZE, onPageChange: setPage }}
      />
    </ListPage>
  );
}
