import { describe, expect, it } from 'vitest';
import { buildClaimsRoles } from './claims';
import {
  ROUTE_ACCESS,
  ROUTE_NAMES,
  applyNavigationGuards,
  buildLoginRedirect,
  evaluateRouteAccess,
} from './route-access';
import type { RouteName } from './route-access';
import type { BaseRole, PermissionFlag } from './roles';

const ALLOW = { allow: true };
const HOME = { redirect: '/' };

type Merchant = { check_custom_roles: boolean; is_integrated: boolean };
const customOn: Merchant = { check_custom_roles: true, is_integrated: false };
const customOff: Merchant = { check_custom_roles: false, is_integrated: false };

function visit(route: RouteName, claimsRoles: readonly string[], merchant: Merchant | null = customOff) {
  return evaluateRouteAccess({
    route,
    authenticated: true,
    fullPath: '/somewhere',
    claimsRoles,
    merchant,
    organization: { in_legacy_app: false },
  });
}

const base = (role: BaseRole, merchant: Merchant) => buildClaimsRoles({ kind: 'base', role }, merchant);
const custom = (...permissions: PermissionFlag[]) => buildClaimsRoles({ kind: 'custom', permissions }, customOn);

describe('SPEC §6 route access, row by row', () => {
  describe.each<RouteName>(['CustomerImport', 'CustomerCreate'])('%s', (route) => {
    it('with custom roles: super_admin, admin or is_customer_update_allowed', () => {
      expect(visit(route, base('super_admin', customOn), customOn)).toEqual(ALLOW);
      expect(visit(route, base('admin', customOn), customOn)).toEqual(ALLOW);
      expect(visit(route, custom('is_customer_update_allowed'), customOn)).toEqual(ALLOW);
      expect(visit(route, custom('is_note_update_allowed'), customOn)).toEqual(HOME);
      expect(visit(route, base('staff', customOn), customOn)).toEqual(HOME);
      // the role names pass by themselves, without the flags buildClaimsRoles adds
      expect(visit(route, ['admin'], customOn)).toEqual(ALLOW);
      expect(visit(route, ['super_admin'], customOn)).toEqual(ALLOW);
    });

    it('otherwise: super_admin, admin or staff', () => {
      expect(visit(route, ['staff'])).toEqual(ALLOW);
      expect(visit(route, ['admin'])).toEqual(ALLOW);
      expect(visit(route, ['super_admin'])).toEqual(ALLOW);
      expect(visit(route, [])).toEqual(HOME);
    });
  });

  describe.each<RouteName>(['TransactionSearch', 'PaymentReport', 'OldPaymentReport'])('%s', (route) => {
    it('with custom roles: is_merchant_payment_report_allowed', () => {
      expect(visit(route, custom('is_merchant_payment_report_allowed'), customOn)).toEqual(ALLOW);
      expect(visit(route, custom('is_merchant_sweep_report_allowed'), customOn)).toEqual(HOME);
      expect(visit(route, base('staff', customOn), customOn)).toEqual(HOME);
      expect(visit(route, base('admin', customOn), customOn)).toEqual(ALLOW);
      expect(visit(route, ['admin'], customOn)).toEqual(HOME);
    });

    it('without custom roles it asks for no role', () => {
      expect(visit(route, ['staff'])).toEqual(ALLOW);
      expect(visit(route, [])).toEqual(ALLOW);
    });
  });

  describe('SweepReport', () => {
    it('with custom roles: is_merchant_sweep_report_allowed', () => {
      expect(visit('SweepReport', custom('is_merchant_sweep_report_allowed'), customOn)).toEqual(ALLOW);
      expect(visit('SweepReport', custom('is_merchant_payment_report_allowed'), customOn)).toEqual(HOME);
    });

    it('without custom roles it asks for no role', () => {
      expect(visit('SweepReport', ['staff'])).toEqual(ALLOW);
    });
  });

  describe('ActionReport', () => {
    it('super_admin, admin or staff', () => {
      expect(visit('ActionReport', ['staff'])).toEqual(ALLOW);
      expect(visit('ActionReport', ['admin'])).toEqual(ALLOW);
      expect(visit('ActionReport', ['super_admin'])).toEqual(ALLOW);
      expect(visit('ActionReport', custom(), customOn)).toEqual(ALLOW);
      expect(visit('ActionReport', [])).toEqual(HOME);
      expect(visit('ActionReport', ['is_merchant_payment_report_allowed'], customOn)).toEqual(HOME);
    });
  });

  describe('SettingsUsers', () => {
    it('super_admin, admin or is_user_update_allowed', () => {
      expect(visit('SettingsUsers', ['admin'])).toEqual(ALLOW);
      expect(visit('SettingsUsers', ['super_admin'])).toEqual(ALLOW);
      expect(visit('SettingsUsers', ['staff'])).toEqual(HOME);
      expect(visit('SettingsUsers', custom('is_user_update_allowed'), customOn)).toEqual(ALLOW);
      expect(visit('SettingsUsers', custom('is_template_update_allowed'), customOn)).toEqual(HOME);
      expect(visit('SettingsUsers', ['admin'], customOn)).toEqual(ALLOW);
      expect(visit('SettingsUsers', ['is_user_update_allowed'], customOff)).toEqual(ALLOW);
    });
  });

  describe.each<RouteName>([
    'SettingsRoles',
    'SettingsRoleCreate',
    'SettingsRoleDetail',
    'SettingsTags',
    'SettingsActivity',
    'SettingsMessaging',
  ])('%s', (route) => {
    it('super_admin or admin', () => {
      expect(visit(route, ['admin'])).toEqual(ALLOW);
      expect(visit(route, ['super_admin'])).toEqual(ALLOW);
      expect(visit(route, ['staff'])).toEqual(HOME);
      expect(visit(route, base('admin', customOn), customOn)).toEqual(ALLOW);
      expect(visit(route, custom('is_user_update_allowed', 'is_template_update_allowed'), customOn)).toEqual(HOME);
    });
  });

  describe('SettingsIntegrations', () => {
    it('super_admin only', () => {
      expect(visit('SettingsIntegrations', ['super_admin'])).toEqual(ALLOW);
      expect(visit('SettingsIntegrations', ['admin'])).toEqual(HOME);
      expect(visit('SettingsIntegrations', base('admin', customOn), customOn)).toEqual(HOME);
    });
  });

  describe.each<[RouteName, PermissionFlag, PermissionFlag]>([
    ['SettingsPasstime', 'is_merchant_passtime_allowed', 'is_merchant_ituran_allowed'],
    ['SettingsIturan', 'is_merchant_ituran_allowed', 'is_merchant_passtime_allowed'],
  ])('%s', (route, flag, otherFlag) => {
    it(`admin, super_admin or ${flag}`, () => {
      expect(visit(route, ['admin'])).toEqual(ALLOW);
      expect(visit(route, ['super_admin'])).toEqual(ALLOW);
      expect(visit(route, ['staff'])).toEqual(HOME);
      expect(visit(route, custom(flag), customOn)).toEqual(ALLOW);
      expect(visit(route, custom(otherFlag), customOn)).toEqual(HOME);
      expect(visit(route, ['admin'], customOn)).toEqual(ALLOW);
      expect(visit(route, ['super_admin'], customOn)).toEqual(ALLOW);
    });
  });

  describe.each<RouteName>(['InterchangeQualificationReport', 'InterchangeQualificationInvoice'])('%s', (route) => {
    it('super_admin', () => {
      expect(visit(route, ['super_admin'])).toEqual(ALLOW);
      expect(visit(route, ['admin'])).toEqual(HOME);
      expect(visit(route, ['staff'])).toEqual(HOME);
    });
  });

  describe.each<RouteName>([
    'MessageTemplateList',
    'MessageTemplateEdit',
    'MessageTemplateText',
    'MessageTemplateEmail',
  ])('%s', (route) => {
    it('super_admin, admin or staff', () => {
      expect(visit(route, ['staff'])).toEqual(ALLOW);
      expect(visit(route, ['admin'])).toEqual(ALLOW);
      expect(visit(route, [])).toEqual(HOME);
    });

    it('plus, with custom roles, super_admin, admin or is_template_update_allowed', () => {
      expect(visit(route, custom('is_template_update_allowed'), customOn)).toEqual(ALLOW);
      expect(visit(route, custom('is_customer_update_allowed'), customOn)).toEqual(HOME);
      expect(visit(route, base('admin', customOn), customOn)).toEqual(ALLOW);
      expect(visit(route, base('staff', customOn), customOn)).toEqual(HOME);
      expect(visit(route, ['is_template_update_allowed'], customOn)).toEqual(HOME);
      expect(visit(route, ['admin'], customOn)).toEqual(ALLOW);
      expect(visit(route, ['super_admin'], customOn)).toEqual(ALLOW);
    });
  });

  const RESTRICTED = new Set<RouteName>([
    'CustomerImport',
    'CustomerCreate',
    'TransactionSearch',
    'PaymentReport',
    'OldPaymentReport',
    'SweepReport',
    'ActionReport',
    'SettingsUsers',
    'SettingsRoles',
    'SettingsRoleCreate',
    'SettingsRoleDetail',
    'SettingsTags',
    'SettingsIntegrations',
    'SettingsPasstime',
    'SettingsIturan',
    // Not a SPEC §2 screen: the audit log, for administrators (super_admin or admin).
    'SettingsActivity',
    // Not a SPEC §2 screen: messaging settings, for administrators (super_admin or admin).
    'SettingsMessaging',
    'InterchangeQualificationReport',
    'InterchangeQualificationInvoice',
    'MessageTemplateList',
    'MessageTemplateEdit',
    'MessageTemplateText',
    'MessageTemplateEmail',
    // Super users only, tested below.
    'Outbox',
    // Creating locations and merchant accounts: their administrators, tested below.
    'LocationCreate',
    'MerchantAccountCreate',
    // Failed device actions: those who may send device commands, tested below.
    'FailedActions',
    // Owners and onboarding (owners' private data): the merchant's administrators, tested below.
    'OwnerList',
    'OwnerCreate',
    'OwnerDetail',
    'OnboardingSummary',
    // Moving and taking payments off an account: the API's payment rules, tested below.
    'MovePayments',
    'MiscPayment',
  ]);

  it('MovePayments is for those who may refund (is_payment_refund_allowed with custom roles on)', () => {
    for (const merchant of [customOn, customOff]) {
      expect(visit('MovePayments', ['admin'], merchant)).toEqual(ALLOW);
      expect(visit('MovePayments', [], merchant)).not.toEqual(ALLOW);
    }
    expect(visit('MovePayments', ['staff'], customOff)).toEqual(ALLOW);
    expect(visit('MovePayments', ['staff'], customOn)).not.toEqual(ALLOW);
    expect(visit('MovePayments', ['staff', 'is_payment_refund_allowed'], customOn)).toEqual(ALLOW);
  });

  it('MiscPayment is for any role on the merchant (as taking a payment)', () => {
    for (const merchant of [customOn, customOff]) {
      expect(visit('MiscPayment', ['staff'], merchant)).toEqual(ALLOW);
      expect(visit('MiscPayment', [], merchant)).not.toEqual(ALLOW);
    }
  });

  it('FailedActions is for admin, super_admin and the holders of either device flag', () => {
    for (const merchant of [customOn, customOff]) {
      expect(visit('FailedActions', ['admin'], merchant)).toEqual(ALLOW);
      expect(visit('FailedActions', ['super_admin'], merchant)).toEqual(ALLOW);
      expect(visit('FailedActions', ['staff'], merchant)).not.toEqual(ALLOW);
    }
    expect(visit('FailedActions', ['staff', 'is_merchant_passtime_allowed'], customOn)).toEqual(ALLOW);
    expect(visit('FailedActions', ['staff', 'is_merchant_ituran_allowed'], customOn)).toEqual(ALLOW);
    expect(visit('FailedActions', ['staff', 'is_user_update_allowed'], customOn)).not.toEqual(ALLOW);
  });

  it.each(['OwnerList', 'OwnerCreate', 'OwnerDetail', 'OnboardingSummary'] as const)(
    '%s is for super_admin and admin only, with custom roles on or off',
    (route) => {
      for (const merchant of [customOn, customOff]) {
        expect(visit(route, ['admin'], merchant)).toEqual(ALLOW);
        expect(visit(route, ['super_admin'], merchant)).toEqual(ALLOW);
        expect(visit(route, ['staff'], merchant)).not.toEqual(ALLOW);
      }
      expect(visit(route, ['staff', 'is_customer_free_text_allowed', 'is_note_update_allowed'], customOn)).not.toEqual(
        ALLOW,
      );
    },
  );

  it.each(['LocationCreate', 'MerchantAccountCreate'] as const)(
    '%s is for super_admin and admin (what the API lets write), with custom roles on or off',
    (route) => {
      for (const merchant of [customOn, customOff]) {
        expect(visit(route, ['admin'], merchant)).toEqual(ALLOW);
        expect(visit(route, ['super_admin'], merchant)).toEqual(ALLOW);
        expect(visit(route, ['staff'], merchant)).not.toEqual(ALLOW);
      }
      expect(visit(route, ['staff', 'is_user_update_allowed'], customOn)).not.toEqual(ALLOW);
    },
  );

  it.each(ROUTE_NAMES.filter((route) => !RESTRICTED.has(route)))(
    '%s asks for no role, with custom roles on or off',
    (route) => {
      expect(ROUTE_ACCESS[route].roles).toBeUndefined();
      expect(ROUTE_ACCESS[route].customRoles).toBeUndefined();
      expect(visit(route, [], customOn)).toEqual(ALLOW);
      expect(visit(route, [], customOff)).toEqual(ALLOW);
    },
  );
});

describe('SPEC §2 paths', () => {
  it('declares every screen', () => {
    const paths = Object.values(ROUTE_ACCESS).map((access) => access.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/login',
        '/sso',
        '/partner-invite/:id/:token',
        '/partner-signup/:id/:token',
        '/forgot-password',
        '/reset-password/:id/:token',
        '/unauthorized',
        '*',
        '/freshbooks/auth/:code',
        '/merchants/:merchantID/customers/import',
        '/merchants/:merchantID/customers/create',
        '/merchants/:merchantID?/customers',
        '/merchants/:merchantID?/customers/:customerID',
        '/merchants/:merchantID?/customers/:customerID/history',
        '/merchants/:merchantID?/customers/:customerID/notes',
        '/merchants/:merchantID?/customers/:customerID/payment-methods',
        '/merchants/:merchantID/customers/:customerID/detail',
        '/customers/move-payment',
        '/',
        '/failed-payments',
        '/missed-messages',
        '/auto-messages',
        '/customer-replies',
        '/merchants/:merchantID?/inbox',
        '/merchants/:merchantID?/locations/:locationID?/merchant-accounts',
        '/merchants/:merchantID?/locations/:locationID?/merchant-accounts/create',
        '/merchants/:merchantID?/locations/:locationID?/merchant-accounts/:merchantAccountID',
        '/merchants/:merchantID?/locations',
        '/locations/create',
        '/locations/:locationID',
        '/merchants',
        '/merchants/create',
        '/merchants/:merchantID',
        '/merchants/:merchantID/misc-payment/*',
        '/merchants/:merchantID?/owners',
        '/merchants/:merchantID/owners/create',
        '/merchants/:merchantID/owners/:ownerID',
        '/onboarding/:merchantID/summary',
        '/merchants/:merchantID/settings',
        '/merchants/:merchantID/settings/users',
        '/merchants/:merchantID/settings/roles',
        '/merchants/:merchantID/settings/roles/create',
        '/merchants/:merchantID/settings/roles/:roleID',
        '/merchants/:merchantID/settings/tags',
        '/merchants/:merchantID/settings/integrations',
        '/merchants/:merchantID/settings/passtime',
        '/merchants/:merchantID/settings/ituran',
        '/transaction-search',
        '/transaction-report-legacy',
        '/interchange-qualification-report',
        '/interchange-qualification-report/:invoiceID',
        '/deposit-report',
        '/payment-report',
        '/old-payment-report',
        '/projection-report',
        '/sweep-report',
        '/action-report',
        '/merchants/:merchantID/reconciliation',
        '/merchants/:merchantID/failed-actions',
        '/promises',
        '/ach-return',
        '/message-report',
        '/message-report/:messageID/details',
        '/merchants/:merchantID?/message-templates',
        '/merchants/:merchantID/message-templates/:messageTemplateID?',
        '/merchants/:merchantID/message-templates/:messageTemplateID?/text',
        '/merchants/:merchantID/message-templates/:messageTemplateID?/email',
      ]),
    );
  });

  it('marks exactly the public routes public', () => {
    const publicRoutes = ROUTE_NAMES.filter((route) => ROUTE_ACCESS[route].public);
    expect(publicRoutes.sort()).toEqual(
      [
        'ForgotPassword',
        'Login',
        'NotFound',
        'PartnerInvite',
        'PartnerSignup',
        'ResetPassword',
        'Sso',
        'Unauthorized',
      ].sort(),
    );
    expect(ROUTE_ACCESS.FreshbooksAuth.public).toBeUndefined();
  });
});

describe('navigation guards, in order', () => {
  const signedOut = {
    authenticated: false,
    fullPath: '/merchants/7/customers?search=ada lovelace&page=2',
    claimsRoles: [],
    merchant: null,
    organization: null,
  };

  it('1. lets anyone through a public route', () => {
    expect(evaluateRouteAccess({ ...signedOut, route: 'Login' })).toEqual(ALLOW);
    expect(evaluateRouteAccess({ ...signedOut, route: 'NotFound' })).toEqual(ALLOW);
  });

  it('1. sends a signed-out user to login with the full path as next', () => {
    const result = evaluateRouteAccess({ ...signedOut, route: 'CustomerList' });
    expect(result).toEqual({
      redirect: '/login?next=%2Fmerchants%2F7%2Fcustomers%3Fsearch%3Dada%20lovelace%26page%3D2',
    });
    expect(buildLoginRedirect('/')).toBe('/login?next=%2F');
    expect(evaluateRouteAccess({ ...signedOut, route: 'FreshbooksAuth' })).toEqual({
      redirect: buildLoginRedirect(signedOut.fullPath),
    });
  });

  it('2–3. sends a user who fails a role check to role_redirect, else Home', () => {
    const input = {
      authenticated: true,
      fullPath: '/x',
      claimsRoles: ['staff'],
      merchant: customOn,
      organization: null,
    };
    expect(applyNavigationGuards({ path: '/x', customRoles: ['admin'], roleRedirect: '/inbox' }, input)).toEqual({
      redirect: '/inbox',
    });
    expect(applyNavigationGuards({ path: '/x', roles: ['admin'], roleRedirect: '/inbox' }, input)).toEqual({
      redirect: '/inbox',
    });
    expect(applyNavigationGuards({ path: '/x', roles: ['admin'] }, input)).toEqual(HOME);
    expect(applyNavigationGuards({ path: '/x', customRoles: ['admin'] }, { ...input, merchant: customOff })).toEqual(
      ALLOW,
    );
  });

  it('2. skips custom roles when no merchant is chosen', () => {
    expect(visit('SweepReport', ['staff'], null)).toEqual(ALLOW);
  });

  it('4. sends legacy-app organisations from transaction search to the legacy report', () => {
    const input = {
      route: 'TransactionSearch' as const,
      authenticated: true,
      fullPath: '/transaction-search',
      claimsRoles: ['staff'],
      merchant: customOff,
    };
    expect(evaluateRouteAccess({ ...input, organization: { in_legacy_app: true } })).toEqual({
      redirect: '/transaction-report-legacy',
    });
    expect(evaluateRouteAccess({ ...input, organization: { in_legacy_app: false } })).toEqual(ALLOW);
    expect(
      evaluateRouteAccess({ ...input, route: 'TransactionReportLegacy', organization: { in_legacy_app: true } }),
    ).toEqual(ALLOW);
  });

  it('4 comes after the role checks', () => {
    expect(
      evaluateRouteAccess({
        route: 'TransactionSearch',
        authenticated: true,
        fullPath: '/transaction-search',
        claimsRoles: custom(),
        merchant: customOn,
        organization: { in_legacy_app: true },
      }),
    ).toEqual(HOME);
  });

  it('5. sends integrated merchants Home from disallowIntegrated routes only', () => {
    const integrated = { check_custom_roles: false, is_integrated: true };
    expect(ROUTE_ACCESS.CustomerCreate.disallowIntegrated).toBe(true);
    expect(visit('CustomerCreate', ['admin'], integrated)).toEqual(HOME);
    expect(visit('CustomerCreate', ['admin'], customOff)).toEqual(ALLOW);
    // Integrated merchants' customers come from their integration: import is closed to them too.
    expect(visit('CustomerImport', ['admin'], integrated)).toEqual(HOME);
    expect(visit('CustomerImport', ['admin'], customOff)).toEqual(ALLOW);
    expect(ROUTE_NAMES.filter((route) => ROUTE_ACCESS[route].disallowIntegrated)).toEqual([
      'CustomerImport',
      'CustomerCreate',
    ]);
  });

  it('opens the Outbox to platform super users only (the super group), whatever their merchant roles', () => {
    const outbox = (claimsGroups: string[], claimsRoles: string[]) =>
      evaluateRouteAccess({
        route: 'Outbox',
        authenticated: true,
        fullPath: '/outbox',
        claimsRoles,
        claimsGroups,
        merchant: customOff,
        organization: null,
      });
    expect(outbox(['super'], [])).toEqual(ALLOW);
    expect(outbox([], ['super_admin'])).toEqual(HOME);
    expect(outbox([], ['admin'])).toEqual(HOME);
  });
});
