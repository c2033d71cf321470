import { Anchor, Box, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import type { Message } from '@paydesk/domain/messaging/messaging.contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { useAttachmentUrl } from '../api/messages';
import classes from './inbox.module.css';

/** A message as the pane shows it: the server's, or one still on its way (pending) or refused when sent. */
export type ChatMessage = Pick<
  Message,
  | 'id'
  | 'sender'
  | 'direction'
  | 'body'
  | 'language'
  | 'translations'
  | 'created'
  | 'attachments'
  | 'status'
  | 'error_code'
  | 'error_message'
  | 'secondary_message'
> & { pending?: boolean; attachmentName?: string };

const STATUS_LABELS: Record<Message['status'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  undelivered: 'Undelivered',
  failed: 'Failed',
  received: 'Received',
};

/** SPEC §4: a message with an error code (or a failed or undelivered one) shows the error indicator. */
export function hasError(message: ChatMessage): boolean {
  return Boolean(message.error_code) || message.status === 'failed' || message.status === 'undelivered';
}

export function MessageItem({ message }: { message: ChatMessage }) {
  const outbound = message.direction === 'outbound';
  const failed = hasError(message);
  const translations = Object.entries(message.translations).filter(([, text]) => text && text !== message.body);
  return (
    <Box className={classes.messageRow} data-direction={message.direction}>
      <Paper
        className={classes.bubble}
        data-direction={message.direction}
        data-failed={failed || undefined}
        p="xs"
        radius="md"
        withBorder
      >
        <Stack gap={4}>
          {message.body && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.body}
            </Text>
          )}
          {message.attachments.map((attachment) => (
            <Attachment key={attachment.url} url={attachment.url} type={attachment.type} />
          ))}
          {message.pending && message.attachmentName && (
            <Text size="xs" c="dimmed">
              Attachment: {message.attachmentName}
            </Text>
          )}
          {translations.map(([language, text]) => (
            <Text key={language} size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              <Text span fw={600} size="xs">
                Translation ({language}):
              </Text>{' '}
              {text}
            </Text>
          ))}
        </Stack>
      </Paper>
      <Group gap={4} justify={outbound ? 'flex-end' : 'flex-start'} wrap="nowrap" mt={2}>
        {message.pending ? (
          <Loader size={12} aria-label="Sending" />
        ) : failed ? (
          <IconAlertCircle size={16} color="var(--mantine-color-red-8)" role="img" aria-label="Not delivered" />
        ) : null}
        <Text size="xs" c="dimmed">
          {outbound ? `${message.sender}` : message.sender}
          {outbound && !message.pending && !failed ? ` · ${STATUS_LABELS[message.status]}` : ''}
        </Text>
      </Group>
      {failed && (
        <Stack gap={0} className={classes.errorText} data-direction={message.direction}>
          <Text size="xs" c="red.8">
            {message.error_message || STATUS_LABELS[message.status]}
          </Text>
          {message.secondary_message && (
            <Text size="xs" c="dimmed">
              {message.secondary_message}
            </Text>
          )}
        </Stack>
      )}
    </Box>
  );
}

/** An image shown in place, a PDF as a link; both read with the user's token. */
function Attachment({ url, type }: { url: string; type: string }) {
  const content = useAttachmentUrl(url);
  if (content.isPending) return <Loader size="xs" aria-label="Loading attachment" />;
  if (content.isError) {
    return (
      <Text size="xs" c="red.8">
        The attachment could not be loaded.
      </Text>
    );
  }
  if (type.startsWith('image/')) {
    return <Image src={content.data} alt="Attached image" maw={220} radius="sm" />;
  }
  return (
    <Anchor href={content.data} target="_blank" rel="noreferrer" size="sm">
      Open the attached PDF
    </Anchor>
  );
}
