import { Badge, Button, Group, Loader, Select, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { formatDateTime } from '@paydesk/domain/format/date';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';
import type { InboxEntry } from '@paydesk/domain/messaging/inbox.contract';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { locationChoicesQueryOptions } from '../../../components/location-picker';
import { QueryState } from '../../../components/query-state';
import { useInboxList } from '../api/conversations';
import classes from './inbox.module.css';

/** SPEC §9: the inbox's location filter defaults to all. */
export const ALL_LOCATIONS = 'all';

type ContactListProps = {
  merchantID: string;
  search: string;
  /** The search as typed (the list follows `search`, debounced). */
  searchInput: string;
  onSearchInput: (text: string) => void;
  location: string;
  onLocationChange: (location: string) => void;
  selectedCustomer: string | null;
  onSelect: (customerID: string) => void;
  timeZone: string | undefined;
};

function nameOf(entry: InboxEntry): string {
  const name = `${entry.first_name} ${entry.last_name}`.trim();
  if (name) return name;
  return entry.phone_number ? formatPhoneNumber(entry.phone_number) : 'Unknown sender';
}

/** The conversations, newest first, searched and filtered by location, 25 at a time as the list scrolls. */
export function ContactList({
  merchantID,
  search,
  searchInput,
  onSearchInput,
  location,
  onLocationChange,
  selectedCustomer,
  onSelect,
  timeZone,
}: ContactListProps) {
  const locations = useQuery(locationChoicesQueryOptions(merchantID));
  const list = useInboxList(merchantID, { search, location });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const endRef = useWhenVisible(() => void fetchNextPage(), Boolean(hasNextPage) && !isFetchingNextPage);

  const entries = list.data?.pages.flatMap((page) => page.results) ?? [];
  const locationData = [
    { value: ALL_LOCATIONS, label: 'All locations' },
    ...(locations.data?.results ?? []).map((item) => ({ value: item.id, label: item.name })),
  ];

  return (
    <Stack gap="sm">
      <TextInput
        label="Search conversations"
        placeholder="Name, phone, email or account"
        leftSection={<IconSearch size={16} />}
        value={searchInput}
        onChange={(event) => onSearchInput(event.currentTarget.value)}
      />
      <Select
        label="Location"
        required
        data={locationData}
        value={location}
        onChange={(value) => onLocationChange(value ?? ALL_LOCATIONS)}
        allowDeselect={false}
      />
      {list.isError ? (
        <QueryState
          error={list.error}
          loadingLabel="Loading conversations"
          errorTitle="The conversations could not be loaded"
        />
      ) : list.isPending ? (
        <QueryState error={null} loadingLabel="Loading conversations" errorTitle="" />
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {search ? 'No conversation matches.' : 'No conversations yet.'}
        </Text>
      ) : (
        <ul className={classes.conversations} aria-label="Conversations">
          {entries.map((item) => (
            <li key={item.customer_id ?? `unknown-${item.phone_number}`}>
              <ConversationRow
                entry={item}
                selected={item.customer_id !== null && item.customer_id === selectedCustomer}
                onSelect={onSelect}
                timeZone={timeZone}
              />
            </li>
          ))}
          <li ref={endRef} aria-hidden="true" />
        </ul>
      )}
      {hasNextPage && (
        <Button variant="subtle" size="compact-sm" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
          Load more conversations
        </Button>
      )}
      {isFetchingNextPage && <Loader size="sm" aria-label="Loading more conversations" />}
    </Stack>
  );
}

/** Calls `onVisible` when the element scrolls into view (infinite scroll); the Load more button is the fallback. */
function useWhenVisible(onVisible: () => void, enabled: boolean) {
  const ref = useRef<HTMLLIElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

function ConversationRow({
  entry,
  selected,
  onSelect,
  timeZone,
}: {
  entry: InboxEntry;
  selected: boolean;
  onSelect: (customerID: string) => void;
  timeZone: string | undefined;
}) {
  const name = nameOf(entry);
  const content = (
    <Stack gap={2}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={entry.unread_messages > 0 ? 700 : 500} truncate>
          {name}
        </Text>
        {entry.unread_messages > 0 && (
          <Badge size="sm" circle={entry.unread_messages < 10} aria-label={`${entry.unread_messages} unread`}>
            {entry.unread_messages}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {entry.last_message_body || 'No messages yet'}
      </Text>
      <Group gap="xs" wrap="nowrap">
        {entry.last_message_created && (
          <Text size="xs" c="dimmed">
            {formatDateTime(entry.last_message_created, { timeZone })}
          </Text>
        )}
        {entry.needs_review && (
          <Badge size="xs" color="orange" variant="light">
            Check opt-out
          </Badge>
        )}
        {entry.customer_id === null && (
          <Badge size="xs" color="gray" variant="light">
            Unknown sender
          </Badge>
        )}
      </Group>
    </Stack>
  );
  if (entry.customer_id === null) return <div className={classes.conversation}>{content}</div>;
  const customerID = entry.customer_id;
  return (
    <UnstyledButton
      className={classes.conversation}
      aria-current={selected ? 'true' : undefined}
      aria-label={`${name}${entry.unread_messages > 0 ? `, ${entry.unread_messages} unread` : ''}`}
      onClick={() => onSelect(customerID)}
    >
      {content}
    </UnstyledButton>
  );
}
