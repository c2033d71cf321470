import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { PasswordInput } from '../../../components/password-input';
import { schemaResolver, useForm } from '@mantine/form';
import { HOME_PATH } from '@paydesk/domain/access/route-access';
import type { Credentials } from '@paydesk/domain/auth/auth.contract';
import { IDLE_SESSION_LIMIT_SECONDS } from '@paydesk/domain/constants';
import { IconClockHour4 } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session-state';
import { loadAuthApi, readLoadedAuthApi, type AuthApi } from '../api/auth-api-loader';
import { AuthCard } from '../components/auth-card';
import { pickFieldErrors, ResponseErrors } from '../components/response-errors';
import { findLandingPath } from '../landing';

const FIELD_LABELS = { email: 'Email', password: 'Password' };
const IDLE_MINUTES = IDLE_SESSION_LIMIT_SECONDS / 60;

const validateWith = (api: AuthApi, values: Credentials) =>
  schemaResolver(api.contract.signInSchema, { sync: true })(values);

/**
 * The contract's sign-in schema. A submit before the auth API has arrived (it loads as the user starts on the form)
 * waits for it; if it cannot load, the sign-in itself fails and says so.
 */
function validateCredentials(values: Credentials) {
  const api = readLoadedAuthApi();
  if (api) return validateWith(api, values);
  return loadAuthApi().then(
    (loaded) => validateWith(loaded, values),
    () => ({}),
  );
}

/**
 * The auth API (the contracts with zod and the validation rules, and the API client: more than Login's own download)
 * loads as the user starts on the form, not as the screen shows: the form shows and takes input without it, and
 * typing an email gives it time to arrive before the submit. A failure here is met again, and shown, by the submit.
 */
function preloadAuthApi() {
  if (!readLoadedAuthApi()) loadAuthApi().catch(() => {});
}

/**
 * /login (SPEC §2): email and password; after login the profile and merchant count load, then the landing. After the
 * idle logout it says why the session ended.
 */
export function LoginRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useForm<Credentials>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: validateCredentials,
  });
  const login = useMutation({
    mutationFn: async (credentials: Credentials) => {
      const { tokens } = await loadAuthApi();
      return session.signIn(await tokens.obtainTokens({ ...credentials, email: credentials.email.trim() }));
    },
    onSuccess: (identity) => navigate(findLandingPath(identity, searchParams.get('next')), { replace: true }),
    onError: (error) => form.setErrors(pickFieldErrors(error, Object.keys(FIELD_LABELS))),
  });

  // Behaviour 5: a signed-in user who opens login goes Home (not while this form is signing in).
  if (session.signedIn && login.isIdle) return <Navigate to={HOME_PATH} replace />;

  return (
    <AuthCard title="Merchant login" description="Log in with the email address your organisation registered.">
      {/* Not on focus: the Email field takes it as the screen shows. Input also covers a password manager's fill. */}
      <form
        noValidate
        onKeyDown={preloadAuthApi}
        onPointerDown={preloadAuthApi}
        onInput={preloadAuthApi}
        onSubmit={form.onSubmit((values) => login.mutate(values))}
      >
        <Stack gap="md">
          {session.endedByInactivity && (
            <Alert role="status" color="blue" icon={<IconClockHour4 size={18} />} title="Session ended">
              You were logged out after {IDLE_MINUTES} minutes of inactivity. Log in to continue where you left off.
            </Alert>
          )}
          {login.isError && <ResponseErrors error={login.error} title="Login failed" labels={FIELD_LABELS} />}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={login.isPending} mt="xs">
            Login
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            Trouble logging in?
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
