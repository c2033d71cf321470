import type { Merchant } from '@paydesk/domain/merchants/merchants.contract';
import type { Profile, ProfileMerchant } from '@paydesk/domain/profile/profile.contract';
import { SIGNED_OUT_SESSION, type SessionState } from '../src/lib/session-state';

// Signed-in users for screen tests: a profile with one merchant and a role on it, and a session around it (pass it
// as renderRoutes' `session`). test/identity.tsx has the seed's users for whole-app tests with the real session.

export const ORGANIZATION = { id: 'org-1', name: 'Demo Auto Group', logo: null, in_legacy_app: false };

export function buildMerchant(overrides: Partial<Merchant> = {}): Merchant {
  return {
    id: 'm-1',
    organization_id: ORGANIZATION.id,
    organization_name: ORGANIZATION.name,
    name: 'Demo Motors',
    logo: null,
    in_legacy_app: false,
    check_custom_roles: false,
    allow_group_message: true,
    is_integrated: false,
    upc: null,
    timezone: 'America/New_York',
    created: '2026-03-05T12:00:00.000Z',
    ...overrides,
  };
}

type ProfileOptions = {
  role?: ProfileMerchant['role'];
  accessRoles?: string[];
  isSuperUser?: boolean;
  merchant?: Merchant;
  id?: string;
};

export function buildProfile({
  role = 'admin',
  accessRoles = [role],
  isSuperUser = false,
  merchant = buildMerchant(),
  id = 'u-admin',
}: ProfileOptions = {}): Profile {
  return {
    id,
    email: 'admin@demo.test',
    first_name: 'Avery',
    last_name: 'Admin',
    is_super_user: isSuperUser,
    organization: ORGANIZATION,
    merchants: [{ ...merchant, role, custom_role: null, access_roles: accessRoles }],
    last_merchant_id: null,
    access: { roles: accessRoles, groups: isSuperUser ? ['super'] : [], exp: Date.now() / 1000 + 600 },
  };
}

export function buildSession(profile: Profile, overrides: Partial<SessionState> = {}): SessionState {
  const currentMerchant = profile.merchants[0] ?? null;
  return {
    ...SIGNED_OUT_SESSION,
    signedIn: true,
    profile,
    claims: profile.access,
    merchantCount: profile.merchants.length,
    currentMerchant,
    accessRoles: currentMerchant?.access_roles ?? profile.access.roles,
    reloadProfile: async () => {},
    ...overrides,
  };
}
