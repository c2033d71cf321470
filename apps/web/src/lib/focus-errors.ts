import type { OnSubmit } from '@mantine/form';
import { useEffect, useRef, type SyntheticEvent } from 'react';

/**
 * Moves focus to the first field in error inside `scope` (a form) once its messages are on screen, and scrolls it
 * into view (on a phone it is often above the fold), so a failed submit does not leave focus on the button.
 */
export function focusFirstInvalidField(scope: Element | null | undefined) {
  if (!scope) return;
  // Where focus was when the submit failed: if the user has moved on before the messages show, focus stays theirs.
  const focusedBefore = document.activeElement;
  requestAnimationFrame(() => {
    if (document.activeElement !== focusedBefore) return;
    const field = scope.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'center' });
  });
}

/** `form.onSubmit(handler)` that also focuses the first field in error when the form's own checks fail. */
export function submitFocusingErrors<Values, TransformedValues>(
  form: { onSubmit: OnSubmit<Values, TransformedValues> },
  handler: Parameters<OnSubmit<Values, TransformedValues>>[0],
) {
  return form.onSubmit(handler, (_errors, _values, event?: SyntheticEvent<HTMLFormElement>) =>
    focusFirstInvalidField(event?.currentTarget),
  );
}

const FIRST_FIELD = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/** A ref for a form opened in place (Edit): its first field takes focus when it opens, rather than `<body>`. */
export function useFocusFirstField<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, []);
  return ref;
}
