import { Button, Group, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import { SEARCH_DEBOUNCE_MS } from '@paydesk/domain/constants';
import { IconPencilPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { queryKeys } from '../../../lib/query-keys';
import { useMeetsMerchantRequirement, useRouteMerchantId } from '../../../lib/use-merchant-access';
import { ComposeModal } from '../components/compose-modal';
import { ALL_LOCATIONS, ContactList } from '../components/contact-list';
import { ConversationView } from '../components/conversation-view';
import { useChatLive, useListeningStarted } from '../hooks/use-chat-live';
import { useChatSocket } from '../../../lib/live/use-chat-socket';
import classes from '../components/inbox.module.css';

/**
 * /merchants/:merchantID?/inbox (Inbox, SPEC §2): the conversations on the left, the open one's chat in the middle
 * and the customer's accounts on the right; on a phone the list and the chat are separate views. The open
 * conversation is the `customer` query parameter (and `account`, the one to text on), so a reload keeps it.
 */
export function InboxRoute() {
  const merchantID = useRouteMerchantId();
  const timeZone = useMerchantTimeZone(merchantID);
  const canFreeType = useMeetsMerchantRequirement(merchantID, ACCESS_REQUIREMENTS.freeTypeChat);
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const customerID = searchParams.get('customer');
  const accountID = searchParams.get('account');
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [location, setLocation] = useState(ALL_LOCATIONS);
  const [composing, setComposing] = useState(false);

  useChatLive(
    merchantID,
    null,
    useCallback(
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.lists(merchantID) }),
      [queryClient, merchantID],
    ),
  );
  // The open conversation's own socket (SPEC §7 `/ws/chat/{customerId}/`), from the moment listening starts: each
  // frame is one of its messages (new or changed). It (re)opening means frames may have been missed: read again.
  // A reply is marked read once the pane shows it (ConversationView).
  const listening = useListeningStarted();
  const chatState = useChatSocket(
    listening ? merchantID : undefined,
    customerID ?? undefined,
    useCallback(() => {
      if (!customerID) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.thread(merchantID, customerID) });
    }, [queryClient, merchantID, customerID]),
  );
  useEffect(() => {
    if (chatState === 'open' && customerID) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.thread(merchantID, customerID) });
    }
  }, [chatState, queryClient, merchantID, customerID]);

  const open = (customer: string, account?: string) =>
    setSearchParams((params) => {
      params.set('customer', customer);
      if (account) params.set('account', account);
      else params.delete('account');
      return params;
    });
  const close = () =>
    setSearchParams((params) => {
      params.delete('customer');
      params.delete('account');
      return params;
    });

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1}>Inbox</Title>
        <Button leftSection={<IconPencilPlus size={16} />} onClick={() => setComposing(true)}>
          New message
        </Button>
      </Group>
      <div className={classes.layout} data-view={customerID ? 'chat' : 'list'}>
        <section className={`${classes.column} ${classes.listColumn}`} aria-label="Conversation list">
          <ContactList
            merchantID={merchantID}
            search={search}
            searchInput={searchInput}
            onSearchInput={setSearchInput}
            location={location}
            onLocationChange={setLocation}
            selectedCustomer={customerID}
            onSelect={(customer) => open(customer)}
            timeZone={timeZone}
          />
        </section>
        {customerID ? (
          <ConversationView
            key={customerID}
            merchantID={merchantID}
            customerID={customerID}
            initialAccount={accountID}
            canFreeType={canFreeType}
            timeZone={timeZone}
            onBack={close}
          />
        ) : (
          <div className={classes.chatColumn}>
            <Text c="dimmed" size="sm">
              Choose a conversation, or start one with New message.
            </Text>
          </div>
        )}
      </div>
      <ComposeModal
        merchantID={merchantID}
        opened={composing}
        onClose={() => setComposing(false)}
        onChoose={(customer, account) => open(customer, account)}
      />
    </>
  );
}
