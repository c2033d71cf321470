import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { PasswordInput } from '../../../components/password-input';
import { schemaResolver, useForm } from '@mantine/form';
import {
  partnerSignupSchema,
  type PartnerSignupInput,
  type PartnerSignupInvitation,
} from '@paydesk/domain/auth/auth.contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../../lib/session-state';
import { completePartnerSignup, usePartnerSignup } from '../api/partner-signup';
import { AuthCard } from '../components/auth-card';
import { pickFieldErrors, ResponseErrors } from '../components/response-errors';
import { findLandingPath } from '../landing';
import { InvitationState } from './invitation-state';

const FIELD_LABELS = {
  first_name: 'First name',
  last_name: 'Last name',
  password: 'Password',
  password_confirmation: 'Confirm password',
};

/** /partner-signup/:id/:token: registration by invite. The names come prefilled; it ends signed in. */
export function PartnerSignupRoute() {
  const { id = '', token = '' } = useParams();
  const invitation = usePartnerSignup({ id, token });
  if (!invitation.data) return <InvitationState error={invitation.error} />;
  return <PartnerSignupForm invitationKey={{ id, token }} invitation={invitation.data} />;
}

type PartnerSignupFormProps = {
  invitationKey: { id: string; token: string };
  invitation: PartnerSignupInvitation;
};

function PartnerSignupForm({ invitationKey, invitation }: PartnerSignupFormProps) {
  const session = useSession();
  const navigate = useNavigate();
  const form = useForm<PartnerSignupInput>({
    mode: 'uncontrolled',
    initialValues: {
      first_name: invitation.first_name,
      last_name: invitation.last_name,
      password: '',
      password_confirmation: '',
    },
    validate: schemaResolver(partnerSignupSchema, { sync: true }),
  });
  const signup = useMutation({
    mutationFn: async (values: PartnerSignupInput) =>
      session.signIn(await completePartnerSignup(invitationKey, values)),
    onSuccess: (identity) => navigate(findLandingPath(identity), { replace: true }),
    onError: (error) => form.setErrors(pickFieldErrors(error, Object.keys(FIELD_LABELS))),
  });

  return (
    <AuthCard
      title="Create your account"
      description={
        <>
          You were invited to <strong>{invitation.merchant_name}</strong>. Set up your account to get started.
        </>
      }
    >
      <form noValidate onSubmit={form.onSubmit((values) => signup.mutate(values))}>
        <Stack gap="md">
          {signup.isError && <ResponseErrors error={signup.error} title="Account not created" labels={FIELD_LABELS} />}
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Email
            </Text>
            <Text size="sm">{invitation.email}</Text>
          </Stack>
          <Group grow align="flex-start" gap="sm">
            <TextInput
              label={FIELD_LABELS.first_name}
              autoComplete="given-name"
              key={form.key('first_name')}
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label={FIELD_LABELS.last_name}
              autoComplete="family-name"
              key={form.key('last_name')}
              {...form.getInputProps('last_name')}
            />
          </Group>
          <PasswordInput
            label={FIELD_LABELS.password}
            description="At least 8 characters with a lowercase and an uppercase letter, a number and a special character."
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={FIELD_LABELS.password_confirmation}
            autoComplete="new-password"
            key={form.key('password_confirmation')}
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" fullWidth loading={signup.isPending}>
            Create account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
