import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session-state';
import { findAccountPath } from '../api/locate-account';
import { authenticateSso } from '../api/tokens';
import { AuthCard } from '../components/auth-card';
import { ResponseErrors } from '../components/response-errors';
import { findLandingPath } from '../landing';

/**
 * /sso?id=…&token=…[&account_id=…] (SPEC §2): signs in with a single-use link, also over an existing session
 * (login behaviour 5 does not apply here), then lands like a login, or on the customer of `account_id`.
 */
export function SsoRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  const token = searchParams.get('token');
  const next = searchParams.get('next');
  const accountID = searchParams.get('account_id');
  const [error, setError] = useState<unknown>(null);
  const startedRef = useRef(false);

  useEffect(() => {
    // The link works once: StrictMode's second effect run must not spend it again.
    if (!id || !token || startedRef.current) return;
    startedRef.current = true;
    authenticateSso({ id, token })
      .then((pair) => session.signIn(pair))
      .then(async (identity) => {
        const landing = findLandingPath(identity, next);
        // With account_id, open that account's customer; an account the user may not see lands as usual.
        const target = accountID ? await findAccountPath(accountID).catch(() => landing) : landing;
        navigate(target, { replace: true });
      })
      .catch(setError);
  }, [id, token, next, accountID, session, navigate]);

  if (!id || !token || error) {
    return (
      <AuthCard title="Single sign-on" description="This sign-in link could not be used.">
        <Stack gap="md">
          {error ? (
            <ResponseErrors error={error} title="Sign-in failed" />
          ) : (
            <Text>The link is missing its id or token.</Text>
          )}
          <Anchor component={Link} to="/login" size="sm">
            Go to Login
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <Stack align="center" gap="sm">
      <title>Signing in · Paydesk</title>
      <Loader aria-label="Signing in" />
      <Text c="dimmed">Signing you in…</Text>
    </Stack>
  );
}
