import { Button, Text } from '@mantine/core';
import { formatDateTime } from '@paydesk/domain/format/date';
import { Fragment, useEffect, useRef } from 'react';
import { needsTimeHeader } from '../chat-rules';
import { MessageItem, type ChatMessage } from './message-item';
import classes from './inbox.module.css';

type MessageListProps = {
  /** Oldest first. */
  messages: ChatMessage[];
  timeZone: string | undefined;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
};

/** The conversation, oldest to newest, with a time header where a message comes more than 5 minutes after the last. */
export function MessageList({ messages, timeZone, hasEarlier, loadingEarlier, onLoadEarlier }: MessageListProps) {
  const end = useRef<HTMLLIElement>(null);
  const last = messages.at(-1);
  const lastKey = last ? `${last.id}:${last.status}` : '';

  // The newest message in view when one arrives (also after the pane opens).
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastKey]);

  return (
    <ol className={classes.messages} aria-label="Messages" tabIndex={0}>
      {hasEarlier && (
        <li className={classes.timeHeader}>
          <Button variant="subtle" size="compact-sm" onClick={onLoadEarlier} loading={loadingEarlier}>
            Load earlier messages
          </Button>
        </li>
      )}
      {messages.length === 0 && (
        <li className={classes.timeHeader}>
          <Text size="sm" c="dimmed">
            No messages yet.
          </Text>
        </li>
      )}
      {messages.map((message, index) => (
        <Fragment key={message.id}>
          {needsTimeHeader(messages[index - 1]?.created ?? null, message.created) && (
            <li className={classes.timeHeader} data-testid="time-header">
              <Text size="xs" c="dimmed" component="time" dateTime={message.created}>
                {formatDateTime(message.created, { timeZone })}
              </Text>
            </li>
          )}
          <li aria-label={`${message.direction === 'outbound' ? 'Sent' : 'Received'} message`}>
            <MessageItem message={message} />
          </li>
        </Fragment>
      ))}
      <li ref={end} aria-hidden="true" />
    </ol>
  );
}
