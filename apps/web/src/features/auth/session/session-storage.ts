// Where the session lives between page loads (SPEC §3: browser storage): the tokens with the moment they arrived,
// the last-activity time and the current merchant id. localStorage is shared by the tabs of one browser, so the
// controller also listens for changes made by other tabs.

import type { SessionSnapshot, SessionTokens } from './session-machine';

export const SESSION_STORAGE_KEYS = {
  tokens: 'paydesk.session.tokens',
  lastActivity: 'paydesk.session.last_activity',
  currentMerchantId: 'paydesk.current_merchant_id',
} as const;

const SESSION_KEYS: readonly string[] = [SESSION_STORAGE_KEYS.tokens, SESSION_STORAGE_KEYS.lastActivity];

export type StoredSession = Pick<SessionSnapshot, 'tokens' | 'lastActivityAt'>;

/** Whether a `storage` event concerns the session (null: another tab cleared the whole storage). */
export function isSessionStorageKey(key: string | null): boolean {
  return key === null || SESSION_KEYS.includes(key);
}

export function readStoredSession(storage: Storage): StoredSession {
  const tokens = parseTokens(readItem(storage, SESSION_STORAGE_KEYS.tokens));
  const lastActivity = Number(readItem(storage, SESSION_STORAGE_KEYS.lastActivity) ?? Number.NaN);
  return { tokens, lastActivityAt: tokens && Number.isFinite(lastActivity) ? lastActivity : null };
}

/** Writes what changed between two snapshots (activity changes often, the tokens rarely). */
export function writeStoredSession(storage: Storage, previous: StoredSession, next: StoredSession): void {
  if (!next.tokens) {
    clearStoredSession(storage);
    return;
  }
  if (next.tokens !== previous.tokens) writeItem(storage, SESSION_STORAGE_KEYS.tokens, JSON.stringify(next.tokens));
  if (next.lastActivityAt !== null && next.lastActivityAt !== previous.lastActivityAt) {
    writeItem(storage, SESSION_STORAGE_KEYS.lastActivity, String(next.lastActivityAt));
  }
}

/** Logout: the tokens, the last-activity time and the current merchant id go. */
export function clearStoredSession(storage: Storage): void {
  for (const key of Object.values(SESSION_STORAGE_KEYS)) removeItem(storage, key);
}

export function readCurrentMerchantId(storage: Storage): string | null {
  return readItem(storage, SESSION_STORAGE_KEYS.currentMerchantId);
}

export function writeCurrentMerchantId(storage: Storage, merchantId: string): void {
  writeItem(storage, SESSION_STORAGE_KEYS.currentMerchantId, merchantId);
}

function parseTokens(text: string | null): SessionTokens | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SessionTokens> | null;
    if (
      typeof value?.access !== 'string' ||
      typeof value.refresh !== 'string' ||
      typeof value.receivedAt !== 'number' ||
      typeof value.accessLifetimeMs !== 'number' ||
      (value.refreshLifetimeMs !== null && typeof value.refreshLifetimeMs !== 'number')
    ) {
      return null;
    }
    return {
      access: value.access,
      refresh: value.refresh,
      receivedAt: value.receivedAt,
      accessLifetimeMs: value.accessLifetimeMs,
      refreshLifetimeMs: value.refreshLifetimeMs,
    };
  } catch {
    return null;
  }
}

// Storage can throw (quota, storage disabled by the browser); the session then lives in memory for this page only.
function readItem(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function writeItem(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Kept in memory only.
  }
}

function removeItem(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing stored to remove.
  }
}
