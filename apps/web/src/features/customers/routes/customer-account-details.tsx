import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CustomerAccount } from '@paydesk/domain/customers/customers.contract';
import { formatDate } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import { formatFullName } from '@paydesk/domain/format/user';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateAccount } from '../api/customers-mutations';
import { useAccountTags, useMerchantLocations } from '../api/merchant-options';
import { AccountDevicePanel } from '../components/account-device-panel';
import { AccountForm } from '../components/account-form';
import { AccountStatusBadge } from '../components/account-status-badge';
import { Field } from '../components/field';
import { useCustomerContext, type CustomerContext } from '../hooks/customer-context';

/** The default customer view: each account's amount due, due date, status, autopay, fee, tags and location. */
export function CustomerAccountDetailsRoute({ context }: { context?: CustomerContext }) {
  const { merchantID, customer, access } = useCustomerContext(context);
  const canEdit = access.canUpdate && !customer.removed;
  const locations = useMerchantLocations(canEdit ? merchantID : undefined);
  const tags = useAccountTags(canEdit ? merchantID : undefined);
  const updateAccount = useUpdateAccount(merchantID, customer.id);
  const [editingID, setEditingID] = useState<string | null>(null);

  if (customer.accounts.length === 0) {
    return (
      <Paper withBorder p="lg">
        <Text c="dimmed">No accounts.</Text>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      {customer.accounts.map((account) => (
        <Paper key={account.id} withBorder p="lg" component="section" aria-label={`Account ${account.external_id}`}>
          <Group justify="space-between" mb="md">
            <Group gap="sm">
              <Title order={2} fz="h4">
                {`Account ${account.external_id}`}
              </Title>
              <AccountStatusBadge status={account.status} />
              {account.role === 'co_borrower' && (
                <Badge variant="outline" color="gray">
                  Co-borrower
                </Badge>
              )}
            </Group>
            {canEdit && editingID !== account.id && (
              <Button
                variant="default"
                size="compact-sm"
                leftSection={<IconEdit size={14} />}
                onClick={() => setEditingID(account.id)}
                aria-label={`Edit account ${account.external_id}`}
              >
                Edit
              </Button>
            )}
          </Group>
          {editingID === account.id ? (
            <AccountForm
              account={account}
              locations={locations.data ?? []}
              tags={tags.data ?? []}
              onSubmit={async (input) => {
                await updateAccount.mutateAsync({ accountID: account.id, input });
                notifySuccess(`Account ${input.external_id ?? account.external_id} saved`);
                setEditingID(null);
              }}
              onCancel={() => setEditingID(null)}
              managedByFreshbooks={customer.merchant.is_integrated}
            />
          ) : (
            <>
              <AccountSummary account={account} />
              <AccountDevicePanel
                merchantID={merchantID}
                customerID={customer.id}
                customerName={formatFullName(customer)}
                account={account}
                active={!customer.removed}
              />
            </>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

function AccountSummary({ account }: { account: CustomerAccount }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Field label="Amount due">{formatMoney(account.amount_due_cents)}</Field>
      <Field label="Due date">{formatDate(account.due_date) || '—'}</Field>
      <Field label="Autopay">{account.autopay ? 'On' : 'Off'}</Field>
      <Field label="Convenience fee">{formatMoney(account.convenience_fee_cents)}</Field>
      <Field label="Location">{account.location.name}</Field>
      <Field label="Tags">
        {account.tags.length === 0 ? (
          '—'
        ) : (
          <Group gap={4}>
            {account.tags.map((tag) => (
              <Badge key={tag.id} variant="light" color="indigo">
                {tag.name}
              </Badge>
            ))}
          </Group>
        )}
      </Field>
      <Field label="Opened">{formatDate(account.created)}</Field>
    </SimpleGrid>
  );
}
