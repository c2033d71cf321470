import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-state';

/** /unauthorized: where a user without any role lands after login (SPEC §2 login behaviour 2). */
export function UnauthorizedRoute() {
  const session = useSession();
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
      {session.signedIn ? (
        <Button size="md" mt="sm" onClick={session.logout}>
          Log out
        </Button>
      ) : (
        <Button component={Link} to="/login" size="md" mt="sm">
          Go to Login
        </Button>
      )}
    </Stack>
  );
}
