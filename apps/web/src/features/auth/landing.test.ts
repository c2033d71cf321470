import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../../test/identity';
import { findLandingPath, findLogoutTarget, readNextTarget } from './landing';

const identity = (name: keyof typeof PROFILES) => ({ profile: PROFILES[name], claims: PROFILES[name].access });

describe('readNextTarget', () => {
  it.each([
    ['/merchants', '/merchants'],
    ['/merchants/m-1/settings/users?page=2#top', '/merchants/m-1/settings/users?page=2#top'],
    ['/a/../merchants', '/merchants'],
  ])('keeps the in-app path %s', (next, expected) => {
    expect(readNextTarget(next)).toBe(expected);
  });

  it.each([
    null,
    '',
    'merchants',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/login',
    '/login?next=/x',
  ])('refuses %s', (next) => {
    expect(readNextTarget(next)).toBeNull();
  });
});

describe('findLandingPath (SPEC §2 login behaviour 2–4)', () => {
  it('2. sends a user without roles to Unauthorized, whatever next says', () => {
    expect(findLandingPath(identity('noroles'), '/merchants')).toBe('/unauthorized');
  });

  it('2. never sends a super user to Unauthorized', () => {
    const superUser = { ...identity('super'), claims: { roles: [], groups: ['super'], exp: 0 } };
    expect(findLandingPath(superUser)).toBe('/');
  });

  it('3. sends a legacy-app organisation to the transaction search', () => {
    expect(findLandingPath(identity('legacy'), '/merchants')).toBe('/transaction-search');
  });

  it('4. goes to next, or Home', () => {
    expect(findLandingPath(identity('staff'), '/merchants?x=1')).toBe('/merchants?x=1');
    expect(findLandingPath(identity('staff'), null)).toBe('/');
    expect(findLandingPath(identity('staff'), '//evil.example')).toBe('/');
  });
});

describe('findLogoutTarget', () => {
  const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

  it('sends a deliberate logout to plain Login', () => {
    expect(findLogoutTarget('local', at('/merchants/m-1/settings/roles'))).toBe('/login');
    expect(findLogoutTarget('other-tab', at('/merchants'))).toBe('/login');
  });

  it('sends the idle logout to Login with next set to the page the user was on', () => {
    expect(findLogoutTarget('idle', at('/merchants', '?search=demo', '#top'))).toBe(
      '/login?next=%2Fmerchants%3Fsearch%3Ddemo%23top',
    );
  });

  it('leaves out a next target that would not be one', () => {
    expect(findLogoutTarget('idle', at('/login'))).toBe('/login');
  });
});
