import type { AccessClaims } from '@paydesk/domain/access/claims';
import type { TokenPair } from '@paydesk/domain/auth/auth.contract';
import type { Profile, ProfileMerchant } from '@paydesk/domain/profile/profile.contract';
import { createContext, useContext } from 'react';

// The session as the rest of the app sees it. The auth feature's SessionProvider supplies the value; every feature
// reads it through these hooks (features never import the auth feature itself).

/** What a sign-in loads before the app moves on (SPEC §2 login behaviour 1). */
export type SignedInIdentity = { profile: Profile; merchantCount: number; claims: AccessClaims };

export type SessionState = {
  signedIn: boolean;
  /**
   * True after a logout in this page's life (until the next sign-in): guards then send to plain Login, no `next`.
   * Not after the idle logout, which returns to the page the user was on.
   */
  loggedOut: boolean;
  /** True after the session ended at the idle limit (until the next sign-in): Login says so (SPEC §4). */
  endedByInactivity: boolean;
  profile: Profile | null;
  /** The access claims (roles, groups, exp) of the current access token. */
  claims: AccessClaims | null;
  /** The number of merchants the user may act for (GET /merchants/ count; every merchant for super users). */
  merchantCount: number;
  /** The merchant the user works on; kept across reloads, the first of the profile's merchants by default. */
  currentMerchant: ProfileMerchant | null;
  /** The roles checks use on the current merchant (its access_roles; the claims' roles without a merchant). */
  accessRoles: string[];
  /** Switches the current merchant; ids that are not among the profile's merchants are ignored. */
  setCurrentMerchant: (merchantId: string) => void;
  /** Stores the tokens of a sign-in and loads the profile and merchant count. */
  signIn: (tokens: TokenPair) => Promise<SignedInIdentity>;
  /** Blacklists the refresh token, clears the session and goes to Login. */
  logout: () => void;
  /** Runs the session check now (the navigation guard calls it on every navigation). */
  checkSession: () => void;
  /** Loads the profile again, e.g. after a merchant's name or logo changed. */
  reloadProfile: () => Promise<void>;
};

function notSignedIn(): never {
  throw new Error('No SessionProvider: nobody can sign in here.');
}

export const SIGNED_OUT_SESSION: SessionState = {
  signedIn: false,
  loggedOut: false,
  endedByInactivity: false,
  profile: null,
  claims: null,
  merchantCount: 0,
  currentMerchant: null,
  accessRoles: [],
  setCurrentMerchant: () => {},
  signIn: notSignedIn,
  logout: () => {},
  checkSession: () => {},
  reloadProfile: async () => {},
};

export const SessionContext = createContext<SessionState>(SIGNED_OUT_SESSION);

export function useSession(): SessionState {
  return useContext(SessionContext);
}

export function useIsSignedIn(): boolean {
  return useContext(SessionContext).signedIn;
}

export function useCurrentMerchant(): ProfileMerchant | null {
  return useContext(SessionContext).currentMerchant;
}

/**
 * The role and permission names route and capability checks use on a merchant: its access_roles in the profile.
 * Super users act as super_admin on every merchant, also those they hold no role on.
 */
export function findMerchantAccessRoles(profile: Profile | null, merchantId: string): string[] {
  const merchant = profile?.merchants.find((item) => item.id === merchantId);
  if (merchant) return merchant.access_roles;
  return profile?.is_super_user ? ['super_admin'] : [];
}
