import { Anchor, Button, Center, Loader, Stack } from '@mantine/core';
import { PasswordInput } from '../../../components/password-input';
import { schemaResolver, useForm } from '@mantine/form';
import { passwordResetConfirmSchema } from '@paydesk/domain/auth/auth.contract';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { confirmPasswordReset, usePasswordResetLink } from '../api/password-reset';
import { AuthCard } from '../components/auth-card';
import { pickFieldErrors, ResponseErrors } from '../components/response-errors';

const FIELD_LABELS = { password: 'New password', password_confirmation: 'Confirm new password' };

const validateBody = schemaResolver(passwordResetConfirmSchema, { sync: true });

export const PASSWORD_RESET_DONE = 'Your password has been reset. Log in with your new password.';

/**
 * /reset-password/:id/:token: checks the emailed link as the page opens (a used or expired one says so at once), then
 * sets a new password and goes to Login.
 */
export function ResetPasswordRoute() {
  const { id = '', token = '' } = useParams();
  const link = usePasswordResetLink({ id, token });
  if (link.isPending) {
    return (
      <Center>
        <Loader aria-label="Checking the reset link" />
      </Center>
    );
  }
  if (link.isError) return <DeadResetLink error={link.error} />;
  return <ResetPasswordForm id={id} token={token} />;
}

function DeadResetLink({ error }: { error: Error }) {
  return (
    <AuthCard title="Reset your password" description="This reset link cannot be used.">
      <Stack gap="md">
        <ResponseErrors error={error} title="Password not reset" />
        <Anchor component={Link} to="/forgot-password" size="sm">
          Request a new reset link
        </Anchor>
        <Anchor component={Link} to="/login" size="sm">
          Back to Login
        </Anchor>
      </Stack>
    </AuthCard>
  );
}

function ResetPasswordForm({ id, token }: { id: string; token: string }) {
  const navigate = useNavigate();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', password_confirmation: '' },
    // The server's body schema, with the link's id and token beside the typed fields.
    validate: (values) => validateBody({ id, token, ...values }),
  });
  const reset = useMutation({
    mutationFn: (values: { password: string; password_confirmation: string }) =>
      confirmPasswordReset({ id, token, ...values }),
    onSuccess: () => {
      notifySuccess(PASSWORD_RESET_DONE);
      navigate('/login', { replace: true });
    },
    onError: (error) => form.setErrors(pickFieldErrors(error, Object.keys(FIELD_LABELS))),
  });
  const linkInvalid = reset.error instanceof ApiError && reset.error.code === 'token.invalid';

  return (
    <AuthCard title="Reset your password" description="Choose a new password for your Paydesk account.">
      <form noValidate onSubmit={form.onSubmit((values) => reset.mutate(values))}>
        <Stack gap="md">
          {reset.isError && <ResponseErrors error={reset.error} title="Password not reset" labels={FIELD_LABELS} />}
          {linkInvalid && (
            <Anchor component={Link} to="/forgot-password" size="sm">
              Request a new reset link
            </Anchor>
          )}
          <PasswordInput
            label={FIELD_LABELS.password}
            description="At least 8 characters with a lowercase and an uppercase letter, a number and a special character."
            autoComplete="new-password"
            autoFocus
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={FIELD_LABELS.password_confirmation}
            autoComplete="new-password"
            key={form.key('password_confirmation')}
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Reset password
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to Login
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
