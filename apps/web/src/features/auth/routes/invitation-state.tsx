import { Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { AuthCard } from '../components/auth-card';
import { ResponseErrors } from '../components/response-errors';

/**
 * While an invitation link is read: a loader; when it was already accepted: that, with Login; when it cannot be
 * used: the reason and a way to Login.
 */
export function InvitationState({ error }: { error: unknown }) {
  if (!error) {
    return (
      <Center>
        <Loader aria-label="Loading invitation" />
      </Center>
    );
  }
  if (error instanceof ApiError && error.code === 'invitation.accepted') {
    return (
      <AuthCard title="Invitation already accepted" description="This invitation link has already been used.">
        <Stack gap="md">
          <Text size="sm">You have already accepted this invitation. Log in to continue.</Text>
          <Button component={Link} to="/login" fullWidth>
            Login
          </Button>
        </Stack>
      </AuthCard>
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
