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
  const list = useRef<HTMLOListElement>(null);
  // Whether the reader is at the newest message: then new messages and a narrower pane keep them there.
  const pinned = useRef(true);
  const last = messages.at(-1);
  const lastKey = last ? `${last.id}:${last.status}:${last.error_message ?? ''}` : '';

  const scrollToEnd = () => {
    const node = list.current;
    if (node) node.scrollTop = node.scrollHeight;
  };

  // Only the pane scrolls (never the page): the newest message in view when one arrives, and after the pane opens.
  useEffect(() => {
    scrollToEnd();
    pinned.current = true;
  }, [lastKey]);

  useEffect(() => {
    const node = list.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (pinned.current) scrollToEnd();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const handleScroll = () => {
    const node = list.current;
    if (node) pinned.current = node.scrollHeight - node.scrollTop - node.clientHeight < 40;
  };

  return (
    <ol ref={list} className={classes.messages} aria-label="Messages" tabIndex={0} onScroll={handleScroll}>
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
    </ol>
  );
}
