import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { CustomerAccount } from '@paydesk/domain/customers/customers.contract';
import { formatDateTime } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import { PAYMENT_LINK_LIFETIME_HOURS, type PaymentLink } from '@paydesk/domain/payment-links/payment-links.contract';
import { useRef, useState } from 'react';
import { describeError } from '../../../../lib/notify';
import { useIssuePaymentLink } from '../../api/payment-links';
import { sentTextNotice, useSendText } from '../../api/send-text';

/**
 * "Send payment link" on an account (issue 19 item 7): issues a single-use link for the customer, then copies it to
 * the clipboard, has it emailed to the customer, or texts it to them ("Text it", issue 21 item 11: through the one
 * send path, so the customer's text consent and the account's do-not-contact apply). A new link replaces the
 * account's previous one.
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
  customer: { id: string; first_name: string; email: string | null; sms_phone_number?: string | null };
  timeZone: string | undefined;
  onClose: () => void;
}) {
  const issue = useIssuePaymentLink(merchantID, account.id);
  const [link, setLink] = useState<PaymentLink | null>(null);
  const [copied, setCopied] = useState(false);
  const text = useSendText(merchantID);
  const [texted, setTexted] = useState<string | null>(null);
  const textKey = useRef(crypto.randomUUID());

  const textLink = async (issued: PaymentLink) => {
    const message = `Hi ${customer.first_name}, pay ${formatMoney(account.amount_due_cents)} on account ${account.external_id} securely here: ${issued.payment_link}`;
    const answer = await text.mutateAsync({
      accountID: account.id,
      input: { customer: customer.id, message },
      idempotencyKey: textKey.current,
    });
    setTexted(sentTextNotice(answer, 'Text'));
  };

  const send = async (how: 'email' | 'copy' | 'text') => {
    const issued = link ?? (await issue.mutateAsync({ customer_id: customer.id, send_email: how === 'email' }));
    setLink(issued);
    if (how === 'text') {
      await textLink(issued);
    } else if (how === 'copy') {
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
        {(issue.isError || text.isError) && (
          <Alert color="red" role="alert">
            {describeError(issue.error ?? text.error)}
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
              {texted
                ? texted
                : link.emailed
                  ? `Emailed to ${customer.email ?? 'the customer'}.`
                  : copied
                    ? 'Copied to the clipboard.'
                    : 'Copy the link above.'}{' '}
              {`Expires ${formatDateTime(link.expires_at, { timeZone })}.`}
            </Text>
            <Group justify="flex-end">
              {customer.sms_phone_number && !texted && (
                <Button variant="default" loading={text.isPending} onClick={() => void send('text').catch(() => {})}>
                  Text it
                </Button>
              )}
              <Button onClick={onClose}>Done</Button>
            </Group>
          </>
        ) : (
          <Group justify="flex-end">
            {customer.email && (
              <Button variant="default" loading={issue.isPending} onClick={() => void send('email').catch(() => {})}>
                Email link
              </Button>
            )}
            {customer.sms_phone_number && (
              <Button
                variant="default"
                loading={issue.isPending || text.isPending}
                onClick={() => void send('text').catch(() => {})}
              >
                Text it
              </Button>
            )}
            <Button loading={issue.isPending} onClick={() => void send('copy').catch(() => {})}>
              Copy link
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
