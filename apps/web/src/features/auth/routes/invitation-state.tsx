import { Anchor, Center, Loader, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { ResponseErrors } from '../components/response-errors';

/** While an invitation link is read: a loader; when it cannot be used: the reason and a way to Login. */
export function InvitationState({ error }: { error: unknown }) {
  if (!error) {
    return (
      <Center>
        <Loader aria-label="Loading invitation" />
      </Center>
    );
  }
  return (
    <AuthCard title="Invitation" description="This invitation link cannot be used.">
      <Stack gap="md">
        <ResponseErrors error={error} title="Invitation not found" />
        <Anchor component={Link} to="/login" size="sm">
          Go to Login
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
