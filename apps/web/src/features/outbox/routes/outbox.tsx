import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '@paydesk/domain/format/date';
import type { OutboxMessage } from '@paydesk/domain/dev/dev.contract';
import { IconRefresh } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { useOutbox } from '../api/get-outbox';

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

/** A link in a message: one to this app opens its page in place, any other is a plain link. */
function MessageLink({ href }: { href: string }) {
  const url = URL.canParse(href) ? new URL(href) : null;
  if (url?.origin === window.location.origin) {
    return (
      <Anchor component={Link} to={`${url.pathname}${url.search}${url.hash}`}>
        {href}
      </Anchor>
    );
  }
  return <Anchor href={href}>{href}</Anchor>;
}

/** The message body as written, with its links clickable. */
function MessageBody({ body }: { body: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {body
        .split(URL_PATTERN)
        .map((part, index) =>
          index % 2 === 1 ? <MessageLink key={index} href={part} /> : <Fragment key={index}>{part}</Fragment>,
        )}
    </Text>
  );
}

function OutboxItem({ message }: { message: OutboxMessage }) {
  return (
    <Paper withBorder p="md" component="article" aria-label={message.subject ?? `Text to ${message.recipient}`}>
      <Group justify="space-between" align="flex-start" mb="xs" wrap="wrap">
        <div>
          <Text fw={600}>{message.subject ?? '(no subject)'}</Text>
          <Text size="sm" c="dimmed">
            To {message.recipient}
          </Text>
        </div>
        <Group gap="xs">
          <Badge variant="light">{message.channel === 'email' ? 'Email' : 'Text'}</Badge>
          <Text size="sm" c="dimmed" component="time" dateTime={message.created}>
            {formatDateTime(message.created)}
          </Text>
        </Group>
      </Group>
      <MessageBody body={message.body} />
    </Paper>
  );
}

/**
 * /outbox (super users): the emails (and later texts) the local providers captured instead of sending, newest first,
 * so someone trying Paydesk without SMTP can follow an invitation or reset link.
 */
export function OutboxRoute() {
  const outbox = useOutbox();
  const messages = outbox.data?.results ?? [];
  return (
    <Stack gap="lg">
      <title>Outbox · Paydesk</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Outbox</Title>
          <Text c="dimmed" size="sm">
            Messages kept by the local outbox instead of being sent, newest first.
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void outbox.refetch()}
          loading={outbox.isFetching}
        >
          Refresh
        </Button>
      </Group>
      {!outbox.isSuccess ? (
        <QueryState
          error={outbox.error}
          loadingLabel="Loading the outbox"
          errorTitle="The outbox could not be loaded"
        />
      ) : messages.length === 0 ? (
        <Paper withBorder p="md">
          <Text c="dimmed">No messages yet.</Text>
        </Paper>
      ) : (
        messages.map((message, index) => <OutboxItem key={`${message.created}-${index}`} message={message} />)
      )}
    </Stack>
  );
}
