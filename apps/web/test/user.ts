import userEvent from '@testing-library/user-event';

type UserOptions = NonNullable<Parameters<typeof userEvent.setup>[0]>;

/**
 * A user-event session without the pause user-event takes after every key and pointer action (`delay: null`). Each
 * pause is a timer turn: on a loaded machine it can wait long behind other work, and it lets the app's own timers (a
 * search debounce) fire in the middle of typing. Without it a whole `type` runs as one burst of input events, each
 * still wrapped in act.
 */
export function setupUser(options: UserOptions = {}) {
  return userEvent.setup({ delay: null, ...options });
}

/**
 * Focuses a text field and pastes the text: one input event instead of one per key. A whole form typed key by key
 * re-renders it for every letter, which takes tens of seconds on a loaded machine; use `user.type` where the keys
 * themselves are what the test is about.
 */
export async function fillIn(user: ReturnType<typeof setupUser>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
