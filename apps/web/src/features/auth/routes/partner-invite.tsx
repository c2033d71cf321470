import { Anchor, Button, Stack, Text } from '@mantine/core';
import { PasswordInput } from '../../../components/password-input';
import { schemaResolver, useForm } from '@mantine/form';
import { partnerInviteSchema, type PartnerInvitation } from '@paydesk/domain/auth/auth.contract';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../lib/session-state';
import { acceptPartnerInvite, usePartnerInvite } from '../api/partner-invite';
import { AuthCard } from '../components/auth-card';
import { pickFieldErrors, ResponseErrors } from '../components/response-errors';
import { findLandingPath } from '../landing';
import { InvitationState } from './invitation-state';

/** /partner-invite/:id/:token: an existing user joins a merchant by confirming their password; it ends signed in. */
export function PartnerInviteRoute() {
  const { id = '', token = '' } = useParams();
  const invitation = usePartnerInvite({ id, token });
  if (!invitation.data) return <InvitationState error={invitation.error} />;
  return <PartnerInviteForm invitationKey={{ id, token }} invitation={invitation.data} />;
}

type PartnerInviteFormProps = { invitationKey: { id: string; token: string }; invitation: PartnerInvitation };

function PartnerInviteForm({ invitationKey, invitation }: PartnerInviteFormProps) {
  const session = useSession();
  const navigate = useNavigate();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: schemaResolver(partnerInviteSchema, { sync: true }),
  });
  const accept = useMutation({
    mutationFn: async (password: string) => session.signIn(await acceptPartnerInvite(invitationKey, password)),
    onSuccess: (identity) => navigate(findLandingPath(identity), { replace: true }),
    onError: (error) => form.setErrors(pickFieldErrors(error, ['password'])),
  });

  return (
    <AuthCard
      title={`Join ${invitation.merchant_name}`}
      description="You already have a Paydesk account. Enter its password to accept the invitation."
    >
      <form noValidate onSubmit={form.onSubmit(({ password }) => accept.mutate(password))}>
        <Stack gap="md">
          {accept.isError && (
            <ResponseErrors error={accept.error} title="Invitation not accepted" labels={{ password: 'Password' }} />
          )}
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Email
            </Text>
            <Text size="sm">{invitation.email}</Text>
          </Stack>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            autoFocus
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={accept.isPending}>
            Accept invitation
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            Trouble logging in?
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
