import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CustomerAccount } from '@paydesk/domain/customers/customers.contract';
import { formatCalendarDate, formatDate } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import { formatFullName } from '@paydesk/domain/format/user';
import { canRefundPayments } from '@paydesk/domain/access/capabilities';
import { IconCash, IconEdit, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { notifySuccess } from '../../../lib/notify';
import { findMerchantAccessRoles, useSession } from '../../../lib/session-state';
import { useUpdateAccount } from '../api/customers-mutations';
import { useAccountTags, useMerchantLocations } from '../api/merchant-options';
import { AccountDevicePanel } from '../components/account-device-panel';
import { AccountForm } from '../components/account-form';
import { AccountStatusBadge } from '../components/account-status-badge';
import { Field } from '../components/field';
import { AccountPromises } from '../components/payments/account-promises';
import { AccountTransactions } from '../components/payments/account-transactions';
import { AutopayPanel } from '../components/payments/autopay-panel';
import { ReceiptModal } from '../components/payments/receipt-modal';
import { RefundDialog } from '../components/payments/refund-dialog';
import { ScheduledPayments } from '../components/payments/scheduled-payments';
import { SendPaymentLinkModal } from '../components/payments/send-payment-link-modal';
import { TakePaymentModal } from '../components/payments/take-payment-modal';
import { useCustomerContext, type CustomerContext } from '../hooks/customer-context';

/** The default customer view: each account's amount due, due date, status, autopay, fee, tags and location. */
export function CustomerAccountDetailsRoute({ context }: { context?: CustomerContext }) {
  const { merchantID, customer, access } = useCustomerContext(context);
  const canEdit = access.canUpdate && !customer.removed;
  const locations = useMerchantLocations(canEdit ? merchantID : undefined);
  const tags = useAccountTags(canEdit ? merchantID : undefined);
  const updateAccount = useUpdateAccount(merchantID, customer.id);
  const [editingID, setEditingID] = useState<string | null>(null);
  const [payingAccount, setPayingAccount] = useState<CustomerAccount | null>(null);
  const [linkAccount, setLinkAccount] = useState<CustomerAccount | null>(null);
  const [receiptID, setReceiptID] = useState<string | null>(null);
  const [refundID, setRefundID] = useState<string | null>(null);
  const timeZone = useMerchantTimeZone(merchantID);
  const { profile } = useSession();
  const canRefund = canRefundPayments({
    roles: findMerchantAccessRoles(profile, merchantID),
    merchant: {
      check_custom_roles: profile?.merchants.find((item) => item.id === merchantID)?.check_custom_roles ?? false,
    },
  });
  // Any role on the merchant takes payments (SPEC §6); an account must be open and owe something.
  const isOpen = (account: CustomerAccount) =>
    !customer.removed && account.status !== 'inactive' && account.status !== 'do_not_contact';
  const mayPay = (account: CustomerAccount) => isOpen(account) && account.amount_due_cents > 0;

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
            <Group gap="xs">
              {mayPay(account) && (
                <Button
                  size="compact-sm"
                  leftSection={<IconCash size={14} />}
                  onClick={() => setPayingAccount(account)}
                  aria-label={`Take payment on account ${account.external_id}`}
                >
                  Take payment
                </Button>
              )}
              {mayPay(account) && (
                <Button
                  variant="default"
                  size="compact-sm"
                  leftSection={<IconLink size={14} />}
                  onClick={() => setLinkAccount(account)}
                  aria-label={`Send payment link for account ${account.external_id}`}
                >
                  Send payment link
                </Button>
              )}
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
              <AccountSummary account={account} timeZone={timeZone} />
              <AccountDevicePanel
                merchantID={merchantID}
                customerID={customer.id}
                customerName={formatFullName(customer)}
                account={account}
                active={!customer.removed}
              />
              <AccountTransactions
                merchantID={merchantID}
                customerID={customer.id}
                accountID={account.id}
                timeZone={timeZone}
                canRefund={canRefund && !customer.removed}
                onOpenReceipt={setReceiptID}
                onRefund={setRefundID}
              />
              <ScheduledPayments
                merchantID={merchantID}
                customerID={customer.id}
                accountID={account.id}
                accountLabel={account.external_id}
                amountDueCents={account.amount_due_cents}
                timeZone={timeZone}
                canSchedule={mayPay(account)}
                canCancel={!customer.removed}
              />
              <AutopayPanel
                merchantID={merchantID}
                customerID={customer.id}
                accountID={account.id}
                accountLabel={account.external_id}
                timeZone={timeZone}
                canChange={isOpen(account)}
              />
              <AccountPromises
                merchantID={merchantID}
                customerID={customer.id}
                accountID={account.id}
                accountLabel={account.external_id}
                timeZone={timeZone}
                canRecord={isOpen(account)}
              />
            </>
          )}
        </Paper>
      ))}
      {payingAccount && (
        <TakePaymentModal
          merchantID={merchantID}
          merchantName={customer.merchant.name}
          customerID={customer.id}
          account={payingAccount}
          opened
          onClose={() => setPayingAccount(null)}
          onTaken={setReceiptID}
        />
      )}
      {linkAccount && (
        <SendPaymentLinkModal
          merchantID={merchantID}
          account={linkAccount}
          customer={{
            id: customer.id,
            first_name: customer.first_name,
            email: customer.email ?? null,
            sms_phone_number: customer.sms_phone_number ?? null,
          }}
          timeZone={timeZone}
          onClose={() => setLinkAccount(null)}
        />
      )}
      <ReceiptModal merchantID={merchantID} paymentID={receiptID} onClose={() => setReceiptID(null)} />
      <RefundDialog
        merchantID={merchantID}
        customerID={customer.id}
        paymentID={refundID}
        onClose={() => setRefundID(null)}
      />
    </Stack>
  );
}

function AccountSummary({ account, timeZone }: { account: CustomerAccount; timeZone: string | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Field label="Amount due">{formatMoney(account.amount_due_cents)}</Field>
      <Field label="Due date">{formatCalendarDate(account.due_date) || '—'}</Field>
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
      <Field label="Opened">{formatDate(account.created, { timeZone })}</Field>
    </SimpleGrid>
  );
}
