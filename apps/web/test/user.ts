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
