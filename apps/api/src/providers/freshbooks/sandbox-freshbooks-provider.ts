import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { freshbooksSandboxCodes, freshbooksSandboxUsedRefreshTokens } from '../../db/schema/integrations';
import {
  FreshbooksAuthorizationError,
  FreshbooksCodeError,
  FreshbooksSyncError,
  type FreshbooksClient,
  type FreshbooksProvider,
  type FreshbooksSession,
} from './freshbooks-provider';

export const SANDBOX_AUTHORIZE_PATH = '/sandbox/freshbooks/authorize';
export const SANDBOX_BUSINESS_NAME = 'Demo Business';
export const SANDBOX_CLIENT_ID = 'paydesk-sandbox';
export const SANDBOX_CODE_TTL_MS = 10 * 60 * 1000;
export const SANDBOX_ACCOUNT_ID = 'sandbox-account';
const SANDBOX_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

const SANDBOX_FIRST_NAMES = ['Ava', 'Ben', 'Clara', 'Diego', 'Elena', 'Farid', 'Gwen', 'Hiro', 'Isla', 'Jonah'];
const SANDBOX_LAST_NAMES = ['Archer', 'Baker', 'Castillo', 'Dawson', 'Ellis', 'Fischer', 'Gupta', 'Hale', 'Ibarra'];

/**
 * The sandbox's client for an account external id, the same every time (the demo seeds Integrated Auto from it, so
 * its customers line up with the sandbox): names and the balance derive from the id's SHA-256, the phone number
 * from its last two digits. An id containing `MISSING` has no client; one containing `FAIL` makes the sandbox
 * fail the read (see `findClients`).
 */
export function sandboxFreshbooksClient(externalId: string): FreshbooksClient | null {
  if (/missing/i.test(externalId)) return null;
  const digest = createHash('sha256').update(externalId).digest();
  const digits = externalId.replace(/\D/g, '');
  const pick = <T>(items: readonly T[], byte: number) => items[(digest[byte] ?? 0) % items.length] as T;
  const first = pick(SANDBOX_FIRST_NAMES, 0);
  const last = pick(SANDBOX_LAST_NAMES, 1);
  return {
    external_id: externalId,
    first_name: first,
    last_name: last,
    email: `${first}.${last}.${digits || '0'}@example.com`.toLowerCase(),
    // 415-555-0100…0199: fictional numbers libphonenumber accepts.
    phone: `(415) 555-01${digits.slice(-2).padStart(2, '0')}`,
    outstanding_cents: (digest.readUInt16BE(2) % 2500) * 100 + pick([0, 50, 99], 4),
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Issues a single-use code for the redirect URI (the sandbox page's Allow); expired codes are deleted first. */
export async function issueSandboxCode(db: Db, redirectUri: string, now: Date): Promise<string> {
  await db.delete(freshbooksSandboxCodes).where(lt(freshbooksSandboxCodes.expires_at, now));
  const code = randomBytes(24).toString('base64url');
  await db.insert(freshbooksSandboxCodes).values({
    code_hash: sha256(code),
    redirect_uri: redirectUri,
    expires_at: new Date(now.getTime() + SANDBOX_CODE_TTL_MS),
    created: now,
  });
  return code;
}

/**
 * The embedded default while FRESHBOOKS_CLIENT_ID is unset: an authorization page served by this API
 * (`/sandbox/freshbooks/authorize`) and an exchange that checks its codes as FreshBooks does, so connecting works
 * end to end without an account or the network; client reads answer `sandboxFreshbooksClient`. Like FreshBooks, it
 * refuses an expired access token and rotates refresh tokens, refusing one that was used before.
 */
export function createSandboxFreshbooksProvider(options: { db: Db; clock?: () => Date }): FreshbooksProvider {
  const clock = options.clock ?? (() => new Date());
  const newTokens = (now: Date) => ({
    access_token: `sandbox-access-${randomBytes(16).toString('hex')}`,
    refresh_token: `sandbox-refresh-${randomBytes(16).toString('hex')}`,
    expires_at: new Date(now.getTime() + SANDBOX_TOKEN_TTL_MS).toISOString(),
  });
  return {
    name: 'sandbox',
    async refresh(session: FreshbooksSession) {
      const now = clock();
      // Spends the refresh token: a second renewal with it finds it used.
      const spent = session.refresh_token.startsWith('sandbox-refresh-')
        ? await options.db
            .insert(freshbooksSandboxUsedRefreshTokens)
            .values({ token_hash: sha256(session.refresh_token), used_at: now })
            .onConflictDoNothing()
            .returning({ token_hash: freshbooksSandboxUsedRefreshTokens.token_hash })
        : [];
      if (spent.length === 0) {
        throw new FreshbooksAuthorizationError(
          'The FreshBooks sandbox refused to renew the connection: connect it again.',
        );
      }
      return { ...session, ...newTokens(now) };
    },
    authorizationUrl(state, redirectUri) {
      const query = new URLSearchParams({
        client_id: SANDBOX_CLIENT_ID,
        response_type: 'code',
        redirect_uri: redirectUri,
        state,
      });
      // On the app address the flow returns to (an allowed one): the page's form posts and redirects within it.
      return `${new URL(redirectUri).origin}${SANDBOX_AUTHORIZE_PATH}?${query.toString()}`;
    },
    async exchangeCode(code, redirectUri) {
      const now = clock();
      const [used] = await options.db
        .update(freshbooksSandboxCodes)
        .set({ used_at: now })
        .where(
          and(
            eq(freshbooksSandboxCodes.code_hash, sha256(code)),
            eq(freshbooksSandboxCodes.redirect_uri, redirectUri),
            isNull(freshbooksSandboxCodes.used_at),
            gt(freshbooksSandboxCodes.expires_at, now),
          ),
        )
        .returning({ id: freshbooksSandboxCodes.id });
      if (!used) throw new FreshbooksCodeError('code refused');
      return {
        ...newTokens(now),
        account_name: SANDBOX_BUSINESS_NAME,
        account_id: SANDBOX_ACCOUNT_ID,
      };
    },
    async findClients(session, externalIds) {
      if (!session.access_token.startsWith('sandbox-access-') || Date.parse(session.expires_at) <= clock().getTime()) {
        throw new FreshbooksAuthorizationError('The FreshBooks sandbox refused the stored tokens.');
      }
      const failing = externalIds.find((id) => /fail/i.test(id));
      if (failing) throw new FreshbooksSyncError(`The FreshBooks sandbox is unavailable (client ${failing}).`);
      const clients = new Map(externalIds.map((id) => [id, sandboxFreshbooksClient(id)] as const));
      return { clients, session };
    },
  };
}
