import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { freshbooksSandboxCodes } from '../../db/schema/integrations';
import { FreshbooksCodeError, type FreshbooksProvider } from './freshbooks-provider';

export const SANDBOX_AUTHORIZE_PATH = '/sandbox/freshbooks/authorize';
export const SANDBOX_BUSINESS_NAME = 'Demo Business';
export const SANDBOX_CLIENT_ID = 'paydesk-sandbox';
export const SANDBOX_CODE_TTL_MS = 10 * 60 * 1000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Issues a single-use code for the redirect URI (the sandbox page's Allow). */
export async function issueSandboxCode(db: Db, redirectUri: string, now: Date): Promise<string> {
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
 * end to end without an account or the network.
 */
export function createSandboxFreshbooksProvider(options: {
  db: Db;
  appUrl: string;
  clock?: () => Date;
}): FreshbooksProvider {
  const clock = options.clock ?? (() => new Date());
  return {
    name: 'sandbox',
    authorizationUrl(state, redirectUri) {
      const query = new URLSearchParams({
        client_id: SANDBOX_CLIENT_ID,
        response_type: 'code',
        redirect_uri: redirectUri,
        state,
      });
      return `${options.appUrl}${SANDBOX_AUTHORIZE_PATH}?${query.toString()}`;
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
        access_token: `sandbox-access-${randomBytes(16).toString('hex')}`,
        refresh_token: `sandbox-refresh-${randomBytes(16).toString('hex')}`,
        expires_at: new Date(now.getTime() + 12 * 60 * 60 * 1000).toISOString(),
        account_name: SANDBOX_BUSINESS_NAME,
      };
    },
  };
}
