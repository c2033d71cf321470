import { Anchor, Group } from '@mantine/core';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';

/** A customer's mobile number: a link that calls it and one that texts it from the user's device. */
export function PhoneLinks({ phone }: { phone: string | null }) {
  const formatted = formatPhoneNumber(phone);
  if (!phone || !formatted) return <>—</>;
  return (
    <Group gap="sm" wrap="wrap">
      <Anchor href={`tel:${phone}`} size="sm" aria-label={`Call ${formatted}`}>
        {formatted}
      </Anchor>
      <Anchor href={`sms:${phone}`} size="sm" aria-label={`Text ${formatted}`}>
        Text
      </Anchor>
    </Group>
  );
}

/** A customer's email address, as a link that writes to it. */
export function EmailLink({ email }: { email: string | null }) {
  if (!email) return <>—</>;
  return (
    <Anchor href={`mailto:${email}`} size="sm">
      {email}
    </Anchor>
  );
}
