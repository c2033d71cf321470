import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { customerSchema } from '@paydesk/domain/customers/customers.contract';
import { toCalendarDate } from '@paydesk/domain/dates/calendar';
import { formatCalendarDate, formatDate } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import { IconLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { QueryState } from '../../../components/query-state';
import { notifyError } from '../../../lib/notify';
import { useIssuePaymentLink, useLastPayment, useOpenPromise } from '../api/customer-panel';

type Account = z.infer<typeof customerSchema>['accounts'][number];

type AccountPanelProps = {
  merchantID: string;
  customerID: string;
  accounts: Account[];
  loading: boolean;
  timeZone: string | undefined;
  canFreeType: boolean;
  /** A fresh payment link for the account, to put in the composer. */
  onPaymentLink: (link: string, accountID: string) => void;
};

/** Whole days from the due date to today (the merchant's calendar day), 0 when not yet due or without a due date. */
export function daysPastDue(dueDate: string | null, today: string): number {
  if (!dueDate) return 0;
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000);
  return Math.max(0, days);
}

/** Beside the chat: each account's amount due, due date, days past due, open promise, autopay and last payment. */
export function AccountPanel(props: AccountPanelProps) {
  const { accounts, loading } = props;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Accounts
      </Title>
      {loading ? (
        <QueryState error={null} loadingLabel="Loading accounts" errorTitle="The accounts could not be loaded" />
      ) : accounts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No accounts.
        </Text>
      ) : (
        accounts.map((account) => <AccountCard key={account.id} account={account} {...props} />)
      )}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function AccountCard({
  account,
  merchantID,
  customerID,
  timeZone,
  canFreeType,
  onPaymentLink,
}: AccountPanelProps & { account: Account }) {
  const promise = useOpenPromise(merchantID, account.id);
  const lastPayment = useLastPayment(merchantID, customerID, account.id);
  const issue = useIssuePaymentLink(merchantID);
  const today = toCalendarDate(new Date(), timeZone);

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={`Account ${account.external_id}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            Account {account.external_id}
          </Text>
          {account.status !== 'active' && (
            <Badge size="sm" variant="light" color="gray">
              {account.status.replaceAll('_', ' ')}
            </Badge>
          )}
        </Group>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
          <Fact label="Amount due">{formatMoney(account.amount_due_cents)}</Fact>
          <Fact label="Due date">{formatCalendarDate(account.due_date) || 'None'}</Fact>
          <Fact label="Days past due">{daysPastDue(account.due_date, today)}</Fact>
          <Fact label="Autopay">{account.autopay ? 'On' : 'Off'}</Fact>
          <Fact label="Open promise">
            {promise.isPending
              ? '…'
              : promise.data
                ? `${formatMoney(promise.data.amount)} on ${formatDate(promise.data.scheduled_date, { timeZone })}`
                : 'None'}
          </Fact>
          <Fact label="Last payment">
            {lastPayment.isPending
              ? '…'
              : lastPayment.data
                ? `${formatMoney(lastPayment.data.amount)} on ${formatDate(lastPayment.data.created, { timeZone })}`
                : 'None'}
          </Fact>
        </SimpleGrid>
        {canFreeType && (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconLink size={14} />}
            loading={issue.isPending}
            aria-label={`Send payment link for account ${account.external_id}`}
            onClick={() =>
              issue.mutate(
                { accountID: account.id, customerID },
                { onSuccess: (link) => onPaymentLink(link.payment_link, account.id), onError: notifyError },
              )
            }
          >
            Send payment link
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
