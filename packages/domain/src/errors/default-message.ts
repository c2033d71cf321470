/** The text shown when an error has no message of its own (SPEC §8); in a module of its own, so that screens which
 * show only this text need not load the whole error catalogue. */
export const DEFAULT_ERROR_MESSAGE = 'Oops! Something Went Wrong....';
