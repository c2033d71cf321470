import { Button, Select, Stack, Text, Title } from '@mantine/core';
import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import { DEFAULT_ERROR_MESSAGE } from '@paydesk/domain/errors/catalogue';
import { formatFullName } from '@paydesk/domain/format/user';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';
import type { Message } from '@paydesk/domain/messaging/messaging.contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { queryKeys } from '../../../lib/query-keys';
import { useMeetsMerchantRequirement } from '../../../lib/use-merchant-access';
import { useInboxEntry, useMarkConversationRead } from '../api/conversations';
import { useInboxCustomer, useInboxTemplates } from '../api/customer-panel';
import { useConversation, useSendMessage, useUploadMedia } from '../api/messages';
import { AccountPanel } from './account-panel';
import { Composer } from './composer';
import type { ChatMessage } from './message-item';
import { MessageList } from './message-list';
import { OptOutReviewBanner } from './opt-out-review-banner';
import classes from './inbox.module.css';

type ConversationViewProps = {
  merchantID: string;
  customerID: string;
  /** The account to text on first (chosen in New message); the customer's first account otherwise. */
  initialAccount?: string | null;
  canFreeType: boolean;
  timeZone: string | undefined;
  /** Back to the conversation list (the phone layout's separate views). */
  onBack: () => void;
};

type ThreadPage = { next: string | null; results: Message[] };

/** What a refused send says in the pane (SPEC §8: the error message), also in production. */
function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : DEFAULT_ERROR_MESSAGE;
}

function contentTypeOf(file: File): string {
  if (file.type) return file.type;
  return /\.pdf$/i.test(file.name) ? 'application/pdf' : 'application/octet-stream';
}

/**
 * One customer's conversation (the chat pane) and, beside it, their accounts. Sending shows the message at once with
 * a spinner, then the server's message in its place; a refused send stays in the pane with the error.
 */
export function ConversationView({
  merchantID,
  customerID,
  initialAccount = null,
  canFreeType,
  timeZone,
  onBack,
}: ConversationViewProps) {
  const queryClient = useQueryClient();
  const customer = useInboxCustomer(merchantID, customerID);
  const thread = useConversation(merchantID, customerID);
  const upload = useUploadMedia(merchantID);
  const send = useSendMessage(merchantID);
  const { mutate: markRead } = useMarkConversationRead(merchantID);
  const entry = useInboxEntry(merchantID, customerID);
  const mayReviewOptOut = useMeetsMerchantRequirement(merchantID, ACCESS_REQUIREMENTS.customerUpdate);

  const [body, setBody] = useState('');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [chosenAccount, setChosenAccount] = useState<string | null>(initialAccount);
  const [local, setLocal] = useState<ChatMessage[]>([]);
  const [outsideSendWindow, setOutsideSendWindow] = useState(false);

  const accounts = customer.data?.accounts ?? [];
  const accountID = accounts.find((account) => account.id === chosenAccount)?.id ?? accounts[0]?.id ?? null;
  const templates = useInboxTemplates(merchantID, customerID, accountID, !canFreeType);

  // SPEC: opening a conversation marks it read, and a reply arriving in the open one is read once shown; only through
  // the newest message shown, so a reply the pane has not shown yet stays unread.
  const newestShown = thread.data?.pages[0]?.results[0]?.id;
  useEffect(() => {
    if (newestShown) markRead({ customerID, throughMessage: newestShown });
  }, [customerID, newestShown, markRead]);

  const messages = useMemo(() => {
    const seen = new Set<string>();
    const fromServer: ChatMessage[] = [];
    // Pages are newest first; the pane reads oldest first.
    for (const page of [...(thread.data?.pages ?? [])].reverse()) {
      for (const message of [...page.results].reverse()) {
        if (seen.has(message.id)) continue;
        seen.add(message.id);
        fromServer.push(message);
      }
    }
    return [...fromServer, ...local];
  }, [thread.data, local]);
  // The words of the replies waiting for an opt-out review, among those loaded, oldest first.
  const flaggedWords = useMemo(
    () =>
      messages.flatMap((message) =>
        'flagged_opt_out' in message && message.flagged_opt_out && message.direction === 'inbound'
          ? [message.body.trim()]
          : [],
      ),
    [messages],
  );

  // The composer shows the chosen template's preview for this customer and account; the server renders it again
  // when it is sent (a real payment link in place of the sample one).
  const chooseTemplate = (id: string | null) => {
    setTemplateId(id);
    setBody(templates.data?.find((template) => template.id === id)?.preview ?? '');
  };

  const chooseAccount = (id: string | null) => {
    setChosenAccount(id);
    // A template's preview is for one account: choose it again for another.
    if (!canFreeType) chooseTemplate(null);
  };

  const handleSend = async ({ body: text, file }: { body: string; file: File | null }) => {
    if (!accountID) return;
    const pendingId = `pending-${crypto.randomUUID()}`;
    setLocal((items) => [
      ...items,
      {
        id: pendingId,
        sender: 'You',
        direction: 'outbound',
        body: text,
        language: 'en-US',
        translations: {},
        created: new Date().toISOString(),
        attachments: [],
        status: 'queued',
        error_code: null,
        error_message: null,
        secondary_message: null,
        pending: true,
        attachmentName: file?.name,
      },
    ]);
    const template = canFreeType ? null : templateId;
    setBody('');
    setTemplateId(null);
    try {
      const media = file ? await upload.mutateAsync(file) : null;
      const message = await send.mutateAsync({
        accountID,
        customer: customerID,
        // Without free typing only the template's id goes: the server renders it (SPEC §6).
        ...(template ? { message: '', template } : { message: text }),
        ...(file && media ? { file_url: media.media_path, content_type: contentTypeOf(file) } : {}),
      });
      setOutsideSendWindow(message.outside_send_window);
      queryClient.setQueryData<InfiniteData<ThreadPage>>(queryKeys.inbox.thread(merchantID, customerID), (data) => {
        if (!data) return data;
        const [first, ...rest] = data.pages;
        if (!first || first.results.some((item) => item.id === message.id)) return data;
        return { ...data, pages: [{ ...first, results: [message, ...first.results] }, ...rest] };
      });
      setLocal((items) => items.filter((item) => item.id !== pendingId));
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.lists(merchantID) });
    } catch (error) {
      setLocal((items) =>
        items.map((item) =>
          item.id === pendingId ? { ...item, pending: false, status: 'failed', error_message: messageOf(error) } : item,
        ),
      );
    }
  };

  if (customer.isError) {
    return (
      <div className={classes.chatColumn}>
        <QueryState
          error={customer.error}
          loadingLabel="Loading the conversation"
          errorTitle="The conversation could not be loaded"
          notFound={{ title: 'Customer not found', text: "This customer is not among the merchant's customers." }}
        />
      </div>
    );
  }

  const name = customer.data ? formatFullName(customer.data) : '';
  const phone = customer.data?.sms_phone_number;
  const mayText = accounts.length > 0 && !customer.data?.removed;

  return (
    <>
      <section className={classes.chatColumn} aria-label="Conversation">
        <Stack gap={4} align="flex-start">
          <Button
            className={classes.backButton}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} />}
            onClick={onBack}
          >
            Conversations
          </Button>
          <Stack gap={0} miw={0} maw="100%">
            <Title order={2} size="h4" lineClamp={1}>
              {name || 'Loading…'}
            </Title>
            {phone && (
              <Text size="xs" c="dimmed">
                {formatPhoneNumber(phone)}
                {customer.data && !customer.data.text_opt_in ? ' · opted out of texts' : ''}
              </Text>
            )}
          </Stack>
        </Stack>
        {entry.data?.needs_review && (
          <OptOutReviewBanner
            merchantID={merchantID}
            customerID={customerID}
            customerName={name}
            flaggedWords={flaggedWords}
            mayReview={mayReviewOptOut}
          />
        )}
        {thread.isError ? (
          <QueryState
            error={thread.error}
            loadingLabel="Loading messages"
            errorTitle="The messages could not be loaded"
          />
        ) : thread.isPending ? (
          <QueryState error={null} loadingLabel="Loading messages" errorTitle="The messages could not be loaded" />
        ) : (
          <MessageList
            messages={messages}
            timeZone={timeZone}
            hasEarlier={thread.hasNextPage}
            loadingEarlier={thread.isFetchingNextPage}
            onLoadEarlier={() => void thread.fetchNextPage()}
          />
        )}
        {accounts.length > 1 && (
          <Select
            label="Send on account"
            data={accounts.map((account) => ({ value: account.id, label: `Account ${account.external_id}` }))}
            value={accountID}
            onChange={chooseAccount}
            allowDeselect={false}
          />
        )}
        {!canFreeType && templates.isError && (
          <Text size="sm" c="red.8">
            The merchant&apos;s templates could not be loaded for you: {messageOf(templates.error)}
          </Text>
        )}
        {customer.data && !mayText ? (
          <Text size="sm" c="dimmed">
            This customer has no account to text from.
          </Text>
        ) : (
          <Composer
            body={body}
            onBodyChange={setBody}
            canFreeType={canFreeType}
            templates={templates.data ?? []}
            templateId={templateId}
            onTemplateChange={chooseTemplate}
            rendering={templates.isFetching}
            onSend={(message) => void handleSend(message)}
            outsideSendWindow={outsideSendWindow}
            disabled={!accountID}
          />
        )}
      </section>
      <aside className={`${classes.column} ${classes.accountsColumn}`} aria-label="Customer accounts">
        <AccountPanel
          merchantID={merchantID}
          customerID={customerID}
          accounts={accounts}
          loading={customer.isPending}
          timeZone={timeZone}
          canFreeType={canFreeType}
          onPaymentLink={(link, account) => {
            setChosenAccount(account);
            setBody((current) => (current.trim() ? `${current.trimEnd()} ${link}` : link));
          }}
        />
      </aside>
    </>
  );
}
