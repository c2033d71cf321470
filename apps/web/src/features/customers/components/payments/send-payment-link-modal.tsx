import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { CustomerAccount } from '@paydesk/domain/customers/customers.contract';
import { formatDateTime } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import { PAYMENT_LINK_LIFETIME_HOURS, type PaymentLink } from '@paydesk/domain/payment-links/payment-links.contract';
import { useState } from 'react';
import { describeError } from '../../../../lib/notify';
import { useIssuePaymentLink } from '../../api/payment-links';

/**
 * "Send payment link" on an account (issue 19 item 7): issues a single-use link for the customer, then copies it to
 * the clipboard or has it emailed to the customer. A new link replaces the account's previous one.
 */
export function SendPaymentLinkModal({
  merchantID,
  account,
  customer,
  timeZone,
  onClose,
}: {
  merchantID: string;
  account: CustomerAccount;
  customer: { id: string; first_name: string; email: string | null };
  timeZone: string | undefined;
  onClose: () => void;
}) {
  const issue = useIssuePaymentLink(merchantID, account.id);
  const [link, setLink] = useState<PaymentLink | null>(null);
  const [copied, setCopied] = useState(false);

  const send = async (sendEmail: boolean) => {
    const issued = await issue.mutateAsync({ customer_id: customer.id, send_email: sendEmail });
    setLink(issued);
    if (!sendEmail) {
      try {
        await navigator.clipboard.writeText(issued.payment_link);
        setCopied(true);
      } catch {
        setCopied(false);
      }
    }
  };

  return (
    <Modal opened onClose={onClose} title="Send payment link" centered>
      <Stack gap="sm">
        <Text size="sm">
          {`A single-use link for ${customer.first_name} to pay ${formatMoney(account.amount_due_cents)} on account ${account.external_id}. It expires after ${PAYMENT_LINK_LIFETIME_HOURS} hours, and a new link replaces the previous one.`}
        </Text>
        {issue.isError && (
          <Alert color="red" role="alert">
            {describeError(issue.error)}
          </Alert>
        )}
        {link ? (
          <>
            <TextInput
              label="Payment link"
              value={link.payment_link}
              readOnly
              onFocus={(event) => event.target.select()}
            />
            <Text size="sm" role="status">
              {link.emailed
                ? `Emailed to ${customer.email ?? 'the customer'}.`
                : copied
                  ? 'Copied to the clipboard.'
                  : 'Copy the link above.'}{' '}
              {`Expires ${formatDateTime(link.expires_at, { timeZone })}.`}
            </Text>
            <Group justify="flex-end">
              <Button onClick={onClose}>Done</Button>
            </Group>
          </>
        ) : (
          <Group justify="flex-end">
            {customer.email && (
              <Button variant="default" loading={issue.isPending} onClick={() => void send(true).catch(() => {})}>
                Email link
              </Button>
            )}
            <Button loading={issue.isPending} onClick={() => void send(false).catch(() => {})}>
              Copy link
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
