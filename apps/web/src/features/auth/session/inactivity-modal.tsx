import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { findCountdownSeconds, type SessionSnapshot } from './session-machine';

const TICK_MS = 1000;

type InactivityModalProps = {
  snapshot: SessionSnapshot;
  onContinue: () => void;
  onLogout: () => void;
  /** Called once the countdown reaches zero; the session check then logs out. */
  onExpire: () => void;
};

/**
 * SPEC §4: counts down the seconds left before the idle logout (60 when the warning is set at 840 s idle).
 * Mounted while the warning is set, so its clock starts when it opens.
 */
export function InactivityModal({ snapshot, onContinue, onLogout, onExpire }: InactivityModalProps) {
  const [now, setNow] = useState(() => Date.now());
  const seconds = findCountdownSeconds(snapshot, now);

  // One tick a second from the moment it opens: a token refresh while it counts (a new snapshot) must not restart
  // the interval, or the shown second would lag behind the clock.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (seconds <= 0) onExpire();
  }, [seconds, onExpire]);

  return (
    <Modal
      opened
      onClose={() => {}}
      title="Are you still there?"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      trapFocus
    >
      <Stack gap="md">
        <Text>You have been inactive for a while. For your security you will be logged out in</Text>
        <Text fz={48} fw={700} ta="center" lh={1} aria-live="polite" aria-atomic data-testid="inactivity-countdown">
          {seconds}
        </Text>
        <Text ta="center" c="dimmed" mt={-8}>
          {seconds === 1 ? 'second' : 'seconds'}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onLogout}>
            Log out
          </Button>
          <Button onClick={onContinue} data-autofocus>
            I&apos;m still here
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
