import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { formatDateTime } from '@paydesk/domain/format/date';
import type { OutboxMessage } from '@paydesk/domain/dev/dev.contract';
import { IconRefresh } from '@tabler/icons-react';
import { Fragment, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { describeError, notifySuccess } from '../../../lib/notify';
import { useCurrentMerchant } from '../../../lib/session-state';
import { useOutbox } from '../api/get-outbox';
import { usePostOutboxReply } from '../api/post-reply';

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

function EmailItem({ message, timeZone }: { message: OutboxMessage; timeZone: string | undefined }) {
  return (
    <Paper withBorder p="md" component="article" aria-label={message.subject ?? `Email to ${message.recipient}`}>
      <Group justify="space-between" align="flex-start" mb="xs" wrap="wrap">
        <div>
          <Text fw={600}>{message.subject ?? '(no subject)'}</Text>
          <Text size="sm" c="dimmed">
            To {message.recipient}
          </Text>
        </div>
        <Group gap="xs">
          <Badge variant="light">Email</Badge>
          <Text size="sm" c="dimmed" component="time" dateTime={message.created}>
            {formatDateTime(message.created, { timeZone })}
          </Text>
        </Group>
      </Group>
      <MessageBody body={message.body} />
    </Paper>
  );
}

/** A text the outbox took: to, from (the merchant's sending number), status, time and body. */
function TextItem({ message, timeZone }: { message: OutboxMessage; timeZone: string | undefined }) {
  const from = typeof message.metadata['from'] === 'string' ? message.metadata['from'] : null;
  return (
    <Paper withBorder p="md" component="article" aria-label={`Text to ${message.recipient}`}>
      <Group justify="space-between" align="flex-start" mb="xs" wrap="wrap">
        <div>
          <Text fw={600}>To {message.recipient}</Text>
          <Text size="sm" c="dimmed">
            From {from ?? 'unknown number'}
          </Text>
        </div>
        <Group gap="xs">
          <Badge variant="light">Text</Badge>
          <Badge variant="outline" color={message.delivered_at ? 'green' : 'gray'}>
            {message.delivered_at ? 'Delivered' : 'Queued'}
          </Badge>
          <Text size="sm" c="dimmed" component="time" dateTime={message.created}>
            {formatDateTime(message.created, { timeZone })}
          </Text>
        </Group>
      </Group>
      <MessageBody body={message.body} />
    </Paper>
  );
}

/**
 * "Post a reply" (super users, issue 21 item 12): a customer's text to a sending number, through the same inbound
 * path a provider's webhook takes, so the live inbox can be tried without a phone. Without a "to" number, the reply
 * goes to the only sending number of the merchant whose customer has the "from" number.
 */
function PostReplyForm() {
  const post = usePostOutboxReply();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [body, setBody] = useState('');
  const fieldError = (field: string): string | undefined =>
    post.error instanceof ApiError ? post.error.fieldErrors[field]?.[0] : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    post.mutate(
      { from: from.trim(), ...(to.trim() ? { to: to.trim() } : {}), body },
      {
        onSuccess: () => {
          setBody('');
          notifySuccess('Reply posted.');
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" component="form" aria-label="Post a reply" onSubmit={submit}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Post a reply
          </Title>
          <Text size="sm" c="dimmed">
            A customer&apos;s text, received as if from the SMS provider. Numbers are E.164, like +15555550123.
          </Text>
        </div>
        {post.isError && !fieldError('from') && !fieldError('to') && !fieldError('body') && (
          <Alert color="red" role="alert">
            {describeError(post.error)}
          </Alert>
        )}
        <Group grow align="flex-start">
          <TextInput
            label="From number"
            required
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
            error={fieldError('from')}
          />
          <TextInput
            label="To number"
            description="Optional when the merchant has one sending number"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            error={fieldError('to')}
          />
        </Group>
        <Textarea
          label="Message"
          required
          rows={2}
          maxLength={1600}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          error={fieldError('body')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={post.isPending}>
            Post reply
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /outbox (super users): the emails and texts the local providers captured instead of sending, newest first,
 * so someone trying Paydesk without SMTP can follow an invitation or reset link.
 */
export function OutboxRoute() {
  const outbox = useOutbox();
  const timeZone = useCurrentMerchant()?.timezone;
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
      <PostReplyForm />
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
        messages.map((message, index) =>
          message.channel === 'sms' ? (
            <TextItem key={`${message.created}-${index}`} message={message} timeZone={timeZone} />
          ) : (
            <EmailItem key={`${message.created}-${index}`} message={message} timeZone={timeZone} />
          ),
        )
      )}
    </Stack>
  );
}
