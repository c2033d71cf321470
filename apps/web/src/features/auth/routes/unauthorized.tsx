import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-state';

/**
 * /unauthorized: where a user without any role lands after login (SPEC §2 login behaviour 2). Opened signed out (a
 * bookmark, a shared link) it does not speak of roles, which nobody has looked at yet: it asks the visitor to log in.
 */
export function UnauthorizedRoute() {
  const session = useSession();
  if (!session.signedIn) {
    return (
      <Stack align="center" gap="md" maw={460} ta="center">
        <title>Log in · Paydesk</title>
        <ThemeIcon size={64} radius="xl" variant="light" color="indigo" aria-hidden>
          <IconLock size={32} />
        </ThemeIcon>
        <Title order={1}>You are signed out</Title>
        <Text c="dimmed">Log in to see the merchants and customers you work with.</Text>
        <Button component={Link} to="/login" size="md" mt="sm">
          Go to Login
        </Button>
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="md" maw={460} ta="center">
      <title>No access · Paydesk</title>
      <ThemeIcon size={64} radius="xl" variant="light" color="orange" aria-hidden>
        <IconLock size={32} />
      </ThemeIcon>
      <Title order={1}>You don&apos;t have access yet</Title>
      <Text c="dimmed">
        Your account has no role at any merchant, so there is nothing you can open in Paydesk. Ask an administrator of
        your organisation to give you a role, then log in again.
      </Text>
      <Button size="md" mt="sm" onClick={session.logout}>
        Log out
      </Button>
    </Stack>
  );
}
