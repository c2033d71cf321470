// The screens of SPEC §2 with their access rules (SPEC §6) and the navigation guards, in order.
// Paths are SPEC §2's, in React Router syntax (`:param`, `:param?` optional, `*` splat), without trailing slashes.
// Requirements come from ./requirements, which documents how the spec's role wording maps to `roles` and
// `customRoles`. Screens whose roles the spec does not show only need a signed-in user, except owners and
// onboarding, whose private data is for the merchant's administrators.

import { isSuperUser } from './claims';
import { ACCESS_REQUIREMENTS, meetsCustomRoles, meetsRoles } from './requirements';
import type { RoleRequirement } from './requirements';

export type RouteAccess = RoleRequirement & {
  path: string;
  /** Where a user who fails the role checks goes; Home when absent. */
  roleRedirect?: string;
  /** Integrated merchants are sent Home (guard 5). */
  disallowIntegrated?: boolean;
  /** Legacy-app organisations are sent here instead (guard 4). */
  legacyRedirect?: string;
  /** No sign-in needed and no checks (guard 1). */
  public?: boolean;
  /** Only platform super users (the super group); anyone else goes Home. Not a SPEC §2 screen. */
  superUser?: boolean;
};

export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';
export const UNAUTHORIZED_PATH = '/unauthorized';
export const TRANSACTION_SEARCH_PATH = '/transaction-search';
export const TRANSACTION_REPORT_LEGACY_PATH = '/transaction-report-legacy';

const CUSTOMER = '/merchants/:merchantID?/customers/:customerID';
const MERCHANT_ACCOUNTS = '/merchants/:merchantID?/locations/:locationID?/merchant-accounts';
const SETTINGS = '/merchants/:merchantID/settings';
const TEMPLATE = '/merchants/:merchantID/message-templates/:messageTemplateID?';
const R = ACCESS_REQUIREMENTS;

const ROUTES = {
  // Public
  Login: { path: LOGIN_PATH, public: true },
  Sso: { path: '/sso', public: true },
  PartnerInvite: { path: '/partner-invite/:id/:token', public: true },
  PartnerSignup: { path: '/partner-signup/:id/:token', public: true },
  ForgotPassword: { path: '/forgot-password', public: true },
  ResetPassword: { path: '/reset-password/:id/:token', public: true },
  Unauthorized: { path: UNAUTHORIZED_PATH, public: true },
  /** What the local email (and later text) providers captured, for people trying Paydesk without SMTP. */
  Outbox: { path: '/outbox', superUser: true },
  /** The signed-in user's own name and password ("My profile" in the user menu). */
  Profile: { path: '/profile' },
  NotFound: { path: '*', public: true },
  FreshbooksAuth: { path: '/freshbooks/auth/:code' },

  // Customers
  CustomerImport: { path: '/merchants/:merchantID/customers/import', ...R.customerUpdate, disallowIntegrated: true },
  CustomerCreate: { path: '/merchants/:merchantID/customers/create', ...R.customerUpdate, disallowIntegrated: true },
  CustomerList: { path: '/merchants/:merchantID?/customers' },
  CustomerAccountDetails: { path: CUSTOMER },
  CustomerHistory: { path: `${CUSTOMER}/history` },
  CustomerNotes: { path: `${CUSTOMER}/notes` },
  AccountCustomers: { path: `${CUSTOMER}/co-borrowers` },
  CustomerPaymentMethods: { path: `${CUSTOMER}/payment-methods` },
  CustomerDetail: { path: '/merchants/:merchantID/customers/:customerID/detail' },
  // The API's rules (SPEC §6 shows none for these screens): moving takes money off an account, as a refund does.
  MovePayments: { path: '/customers/move-payment', ...R.paymentRefund },

  // Dashboard
  Home: { path: HOME_PATH },
  FailedPayments: { path: '/failed-payments' },
  MissedMessages: { path: '/missed-messages' },
  AutoMessages: { path: '/auto-messages' },
  CustomerReplies: { path: '/customer-replies' },

  Inbox: { path: '/merchants/:merchantID?/inbox' },

  // Merchant accounts, locations, merchants
  MerchantAccountList: { path: MERCHANT_ACCOUNTS },
  // Creating is for those who may write (the API's rule); the lists and details are read-only for others.
  MerchantAccountCreate: { path: `${MERCHANT_ACCOUNTS}/create`, ...R.merchantSettings },
  MerchantAccountDetail: { path: `${MERCHANT_ACCOUNTS}/:merchantAccountID` },
  LocationList: { path: '/merchants/:merchantID?/locations' },
  LocationCreate: { path: '/locations/create', ...R.merchantSettings },
  LocationDetail: { path: '/locations/:locationID' },
  MerchantList: { path: '/merchants' },
  MerchantCreate: { path: '/merchants/create' },
  MerchantDetail: { path: '/merchants/:merchantID' },
  MiscPayment: { path: '/merchants/:merchantID/misc-payment/*', ...R.paymentTake },

  // Owners and onboarding
  OwnerList: { path: '/merchants/:merchantID?/owners', ...R.onboardingSettings },
  OwnerCreate: { path: '/merchants/:merchantID/owners/create', ...R.onboardingSettings },
  OwnerDetail: { path: '/merchants/:merchantID/owners/:ownerID', ...R.onboardingSettings },
  OnboardingSummary: { path: '/onboarding/:merchantID/summary', ...R.onboardingSettings },

  // Settings
  SettingsGeneral: { path: SETTINGS },
  SettingsUsers: { path: `${SETTINGS}/users`, ...R.userSettings },
  SettingsRoles: { path: `${SETTINGS}/roles`, ...R.roleSettings },
  SettingsRoleCreate: { path: `${SETTINGS}/roles/create`, ...R.roleSettings },
  SettingsRoleDetail: { path: `${SETTINGS}/roles/:roleID`, ...R.roleSettings },
  SettingsTags: { path: `${SETTINGS}/tags`, ...R.tagSettings },
  SettingsIntegrations: { path: `${SETTINGS}/integrations`, ...R.integrationSettings },
  SettingsPasstime: { path: `${SETTINGS}/passtime`, ...R.passtimeSettings },
  SettingsIturan: { path: `${SETTINGS}/ituran`, ...R.ituranSettings },
  /** The merchant's audit log (who changed what in its setup), for its administrators. Not a SPEC §2 screen. */
  SettingsActivity: { path: `${SETTINGS}/activity`, ...R.merchantSettings },
  /** The merchant's messaging settings (issue 21: HELP contact, opt-out line, sending window), for its administrators. */
  SettingsMessaging: { path: `${SETTINGS}/messaging`, ...R.merchantSettings },

  // Reports. TransactionSearch is the spec's "TransactionReport" of guard 4.
  TransactionSearch: {
    path: TRANSACTION_SEARCH_PATH,
    ...R.paymentReport,
    legacyRedirect: TRANSACTION_REPORT_LEGACY_PATH,
  },
  TransactionReportLegacy: { path: TRANSACTION_REPORT_LEGACY_PATH },
  InterchangeQualificationReport: {
    path: '/interchange-qualification-report',
    ...R.interchangeQualificationReport,
  },
  InterchangeQualificationInvoice: {
    path: '/interchange-qualification-report/:invoiceID',
    ...R.interchangeQualificationReport,
  },
  DepositReport: { path: '/deposit-report' },
  PaymentReport: { path: '/payment-report', ...R.paymentReport },
  OldPaymentReport: { path: '/old-payment-report', ...R.paymentReport },
  ProjectionReport: { path: '/projection-report' },
  SweepReport: { path: '/sweep-report', ...R.sweepReport },
  ActionReport: { path: '/action-report', ...R.actionReport },
  Reconciliation: { path: '/merchants/:merchantID/reconciliation' },
  FailedActions: { path: '/merchants/:merchantID/failed-actions', ...R.deviceActions },
  Promises: { path: '/promises' },
  AchReturn: { path: '/ach-return' },
  MessageReport: { path: '/message-report' },
  MessageReportDetails: { path: '/message-report/:messageID/details' },

  // Message templates: the editor shell's children share its rule.
  MessageTemplateList: { path: '/merchants/:merchantID?/message-templates', ...R.templateUpdate },
  MessageTemplateEdit: { path: TEMPLATE, ...R.templateUpdate },
  MessageTemplateText: { path: `${TEMPLATE}/text`, ...R.templateUpdate },
  MessageTemplateEmail: { path: `${TEMPLATE}/email`, ...R.templateUpdate },
} as const satisfies Record<string, RouteAccess>;

export type RouteName = keyof typeof ROUTES;

export const ROUTE_ACCESS: Readonly<Record<RouteName, RouteAccess>> = ROUTES;

export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

export type RouteAccessInput = {
  route: RouteName;
  authenticated: boolean;
  /** The path with its query, as the user asked for it; it becomes the login `next`. */
  fullPath: string;
  claimsRoles: readonly string[];
  /** The claims `groups` (the super group marks platform super users); none when absent. */
  claimsGroups?: readonly string[];
  /** The current merchant; null before one is chosen (custom-role and integrated checks then do not apply). */
  merchant: { check_custom_roles: boolean; is_integrated: boolean } | null;
  organization: { in_legacy_app: boolean } | null;
};

export type RouteAccessResult = { allow: true } | { redirect: string };

export function buildLoginRedirect(fullPath: string): string {
  return `${LOGIN_PATH}?next=${encodeURIComponent(fullPath)}`;
}

/** SPEC §2 navigation guards 1–5, in order, for one route entry. The heartbeat of guard 1 is the caller's side effect. */
export function applyNavigationGuards(access: RouteAccess, input: Omit<RouteAccessInput, 'route'>): RouteAccessResult {
  if (access.public) return { allow: true };
  if (!input.authenticated) return { redirect: buildLoginRedirect(input.fullPath) };
  if (access.superUser && !isSuperUser({ groups: input.claimsGroups ?? [] })) return { redirect: HOME_PATH };

  const context = {
    roles: input.claimsRoles,
    merchant: { check_custom_roles: input.merchant?.check_custom_roles ?? false },
  };
  const roleRedirect = access.roleRedirect ?? HOME_PATH;
  if (!meetsCustomRoles(access, context)) return { redirect: roleRedirect };
  if (!meetsRoles(access, context)) return { redirect: roleRedirect };

  if (access.legacyRedirect && input.organization?.in_legacy_app) return { redirect: access.legacyRedirect };
  if (access.disallowIntegrated && input.merchant?.is_integrated) return { redirect: HOME_PATH };
  return { allow: true };
}

/** The navigation guards for a named route of ROUTE_ACCESS. */
export function evaluateRouteAccess(input: RouteAccessInput): RouteAccessResult {
  return applyNavigationGuards(ROUTE_ACCESS[input.route], input);
}
