import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useIsSignedIn } from '../../../lib/session-state';

export function NotFoundRoute() {
  const signedIn = useIsSignedIn();
  return (
    <Stack align="center" gap="md" maw={440} ta="center">
      <title>Page Not Found · Paydesk</title>
      <Text fz={96} fw={800} lh={1} c="indigo.1" aria-hidden>
        404
      </Text>
      <Title order={1}>Page Not Found</Title>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Button component={Link} to={signedIn ? '/' : '/login'} size="md" mt="sm">
        {signedIn ? 'Go to Dashboard' : 'Go to Login'}
      </Button>
    </Stack>
  );
}
