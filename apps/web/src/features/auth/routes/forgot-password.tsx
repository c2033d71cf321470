import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { passwordResetSchema } from '@paydesk/domain/auth/auth.contract';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { requestPasswordReset } from '../api/password-reset';
import { AuthCard } from '../components/auth-card';
import { pickFieldErrors, ResponseErrors } from '../components/response-errors';

/** /forgot-password: asks for a reset link. The answer is the same whether or not the email has an account. */
export function ForgotPasswordRoute() {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(passwordResetSchema, { sync: true }),
  });
  const reset = useMutation({
    mutationFn: (email: string) => requestPasswordReset(email.trim()),
    onError: (error) => form.setErrors(pickFieldErrors(error, ['email'])),
  });

  if (reset.isSuccess) {
    return (
      <AuthCard title="Check your email">
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} role="status">
            If an account exists for {reset.variables}, we have sent it a link to reset the password.
          </Alert>
          <Text size="sm" c="dimmed">
            The link works for a limited time. If no email arrives, check the spam folder or try again.
          </Text>
          <Anchor component={Link} to="/login" size="sm">
            Back to Login
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Trouble logging in?"
      description="Enter your email address and we will send you a link to reset your password."
    >
      <form noValidate onSubmit={form.onSubmit(({ email }) => reset.mutate(email))}>
        <Stack gap="md">
          {reset.isError && (
            <ResponseErrors error={reset.error} title="Could not send the link" labels={{ email: 'Email' }} />
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Send reset link
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to Login
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
