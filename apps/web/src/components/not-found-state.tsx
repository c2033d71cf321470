import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useIsSignedIn } from '../lib/session-state';

/**
 * Page Not Found (SPEC §2): for unknown paths, and for pages of records the user may not see (another merchant's
 * settings), so that both read the same and reveal nothing. The way out is the dashboard, or Login when signed out.
 */
export function NotFoundState() {
  const signedIn = useIsSignedIn();
  return (
    <Center py="xl">
      <Stack align="center" gap="md" maw={440} ta="center">
        <title>Page Not Found · Paydesk</title>
        {/* Large text: 3:1 is enough, which indigo.5 gives on the page background. */}
        <Text fz={96} fw={800} lh={1} c="indigo.5" aria-hidden>
          404
        </Text>
        <Title order={1}>Page Not Found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to={signedIn ? '/' : '/login'} size="md" mt="sm">
          {signedIn ? 'Go to Dashboard' : 'Go to Login'}
        </Button>
      </Stack>
    </Center>
  );
}
