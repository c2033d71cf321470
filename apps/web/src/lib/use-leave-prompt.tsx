import { useEffect, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmModal } from '../components/confirm-modal';

export const LEAVE_PAGE_TITLE = 'Leave Page?';
export const LEAVE_PAGE_TEXT = 'Changes you made may not be saved.';

/**
 * SPEC §6: leaving a page with unsaved changes asks "Leave Page?" first. While `shouldPrompt` is true, a navigation
 * inside the app to another page waits for the user's answer in a modal, and closing or reloading the tab shows the
 * browser's own prompt. Returns the modal to render. Pass false while a save is running, so the page may move on
 * after a successful save. `within`: a path prefix whose pages are parts of this one (an editor's tabs); moving
 * among them keeps the changes and does not ask.
 */
export function useLeavePrompt(shouldPrompt: boolean, { within }: { within?: string } = {}): ReactNode {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      shouldPrompt &&
      !(within && isWithin(nextLocation.pathname, within) && isWithin(currentLocation.pathname, within)) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!shouldPrompt) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [shouldPrompt]);

  // The changes were saved or undone while the modal was open: nothing is lost by going on.
  const { state, proceed } = blocker;
  useEffect(() => {
    if (state === 'blocked' && !shouldPrompt) proceed();
  }, [state, proceed, shouldPrompt]);

  return (
    <ConfirmModal
      opened={blocker.state === 'blocked'}
      title={LEAVE_PAGE_TITLE}
      confirmLabel="Leave"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      {LEAVE_PAGE_TEXT}
    </ConfirmModal>
  );
}

function isWithin(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}
