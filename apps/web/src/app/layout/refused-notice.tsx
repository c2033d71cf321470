import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import type { RefusedNavigationState } from '../guards';

function readRefusal(state: unknown): RefusedNavigationState['refused'] | null {
  if (typeof state !== 'object' || state === null || !('refused' in state)) return null;
  return (state as RefusedNavigationState).refused;
}

/**
 * Says why the user landed here instead of the page they asked for (the guard's redirect passes the reason), so a
 * link or a typed address a role may not open does not end silently on Home (issue 16 item 22).
 */
export function RefusedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const refusal = readRefusal(location.state);
  if (!refusal) return null;

  const dismiss = () => navigate(location, { replace: true, state: null });
  return (
    <Alert
      color="orange"
      icon={<IconLock size={18} />}
      title={refusal.reason === 'integrated' ? 'Not available for this merchant' : 'You don’t have access to that page'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
      role="alert"
      mb="lg"
    >
      {refusal.reason === 'integrated'
        ? `${refusal.path} is not available for a merchant integrated with another system, which manages its customers.`
        : `Your role does not allow opening ${refusal.path}. Ask an administrator of the merchant if you need it.`}
    </Alert>
  );
}
