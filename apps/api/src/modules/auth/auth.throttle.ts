import { ThrottledError } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import { clearAttempts, deleteAttempts, findAttemptStats, recordAttempts } from './auth.repository';

/** Attempts older than this no longer count. */
export const THROTTLE_WINDOW_MINUTES = 15;
/** The first wait once a counter has used its free attempts; each further attempt doubles it, up to the maximum. */
export const FIRST_DELAY_SECONDS = 30;
export const MAX_DELAY_SECONDS = THROTTLE_WINDOW_MINUTES * 60;

/**
 * One counter: its key and how many attempts in the window go without a wait. With `onlyAfterFailureOf`, the
 * counter always counts but makes an attempt wait only once that other counter has failures in the window.
 */
export type ThrottleRule = { key: string; free: number; onlyAfterFailureOf?: string };

/** Sign-in attempts are counted per (account, address), per address over all accounts, and per account over all addresses. */
export const SIGN_IN_FREE_PER_ACCOUNT_AND_ADDRESS = 5;
export const SIGN_IN_FREE_PER_ADDRESS = 30;
export const SIGN_IN_FREE_PER_ACCOUNT = 100;
export const RESET_FREE_PER_ADDRESS = 20;
export const RESET_FREE_PER_EMAIL = 3;
/** Openings of the FreshBooks sandbox's authorization page (and its Allow or Deny) per address. */
export const SANDBOX_AUTHORIZE_FREE_PER_ADDRESS = 30;

const normalised = (email: string) => email.trim().toLowerCase();

/**
 * The counters of a password check for an account from an address. The owner's usual address has its own counter,
 * so an attacker elsewhere slows down only themselves. The per-account ceiling slows only addresses that have
 * already failed for the account: failures elsewhere never lock the owner out of an address that has not failed
 * (ASVS 6.3: throttle without enabling lockout), while each further address an attacker uses gets one guess.
 */
export function passwordCheckRules(email: string, ip: string): ThrottleRule[] {
  const pair = `pair:${normalised(email)}|${ip}`;
  return [
    { key: pair, free: SIGN_IN_FREE_PER_ACCOUNT_AND_ADDRESS },
    { key: `ip:${ip}`, free: SIGN_IN_FREE_PER_ADDRESS },
    { key: `email:${normalised(email)}`, free: SIGN_IN_FREE_PER_ACCOUNT, onlyAfterFailureOf: pair },
  ];
}

export function passwordResetRules(email: string, ip: string): ThrottleRule[] {
  return [
    { key: `reset-ip:${ip}`, free: RESET_FREE_PER_ADDRESS },
    { key: `reset-email:${normalised(email)}`, free: RESET_FREE_PER_EMAIL },
  ];
}

/** Every request to the FreshBooks sandbox's authorization page counts (it is never "succeeded"). */
export function sandboxAuthorizeRules(ip: string): ThrottleRule[] {
  return [{ key: `sandbox-authorize-ip:${ip}`, free: SANDBOX_AUTHORIZE_FREE_PER_ADDRESS }];
}

/** The wait required after `attempts` earlier attempts: none while free, then growing (ASVS 6.3). */
export function delaySecondsAfter(attempts: number, free: number): number {
  if (attempts < free) return 0;
  return Math.min(FIRST_DELAY_SECONDS * 2 ** (attempts - free), MAX_DELAY_SECONDS);
}

/** An attempt let through; if it fails it keeps counting. */
export type Attempt = {
  /** The attempt succeeded: it does not count, and the counter of its first rule (account and address) is cleared. */
  succeed(): Promise<void>;
};

/**
 * Counts an attempt before the check it guards runs, then lets it through only if every counter allows it.
 * The attempt is committed first and the counts read after, so of any number of parallel attempts each sees every
 * one committed before it: no more than the free attempts get through, however many arrive at once (when they all
 * see each other, none does; the next one after the wait will).
 */
export async function throttleAttempt(ctx: ServiceContext, rules: ThrottleRule[]): Promise<Attempt> {
  const { db } = ctx;
  const now = ctx.clock();
  const keys = rules.map((rule) => rule.key);
  const own = await recordAttempts(db, keys, now);
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MINUTES * 60_000);
  const stats = new Map((await findAttemptStats(db, keys, own, since)).map((row) => [row.key, row]));
  let waitMs = 0;
  for (const rule of rules) {
    if (rule.onlyAfterFailureOf && !stats.get(rule.onlyAfterFailureOf)?.count) continue;
    const row = stats.get(rule.key);
    const delaySeconds = row?.newest ? delaySecondsAfter(row.count, rule.free) : 0;
    if (!row?.newest || delaySeconds === 0) continue;
    const availableAt = row.newest.getTime() + delaySeconds * 1000;
    waitMs = Math.max(waitMs, availableAt - now.getTime());
  }
  if (waitMs > 0) {
    // A refused attempt does not count: waiting out the delay is always enough.
    await deleteAttempts(db, own);
    throw new ThrottledError(Math.max(1, Math.ceil(waitMs / 1000)));
  }
  return {
    async succeed() {
      await deleteAttempts(db, own);
      if (rules[0]) await clearAttempts(db, rules[0].key);
    },
  };
}
