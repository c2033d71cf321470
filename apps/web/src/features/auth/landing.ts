import { isSuperUser } from '@paydesk/domain/access/claims';
import {
  HOME_PATH,
  LOGIN_PATH,
  TRANSACTION_SEARCH_PATH,
  UNAUTHORIZED_PATH,
  buildLoginRedirect,
} from '@paydesk/domain/access/route-access';
import type { SignedInIdentity } from '../../lib/session-state';
import type { LogoutReason } from './session/session-controller';

/**
 * The `next` query target when it is a path inside this app; null for anything else (another site, `//host`,
 * backslash tricks, or Login itself), so a crafted link cannot send a user off-site after signing in.
 */
export function readNextTarget(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  const url = new URL(next, 'http://paydesk.invalid');
  if (url.origin !== 'http://paydesk.invalid' || url.pathname === LOGIN_PATH) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a sign-in lands (SPEC §2 login behaviour 2–4): Unauthorized when the user holds no role (super users always
 * have access), the transaction search for legacy-app organisations, else the `next` target or Home.
 */
export function findLandingPath(identity: Pick<SignedInIdentity, 'profile' | 'claims'>, next?: string | null): string {
  if (!isSuperUser(identity.claims) && identity.claims.roles.length === 0) return UNAUTHORIZED_PATH;
  if (identity.profile.organization?.in_legacy_app) return TRANSACTION_SEARCH_PATH;
  return readNextTarget(next) ?? HOME_PATH;
}

/**
 * Where a logout goes (SPEC §4): Login. After the idle logout, Login with `next` set to the page the user was on, so
 * signing in again returns there; a deliberate logout (or a 401, or another tab's logout) goes to plain Login.
 */
export function findLogoutTarget(
  reason: LogoutReason,
  location: { pathname: string; search: string; hash: string },
): string {
  if (reason !== 'idle') return LOGIN_PATH;
  const next = readNextTarget(`${location.pathname}${location.search}${location.hash}`);
  return next ? buildLoginRedirect(next) : LOGIN_PATH;
}
