import { ROUTE_ACCESS, type RouteName } from '@paydesk/domain/access/route-access';
import {
  IconAlertTriangle,
  IconBuildingBank,
  IconAddressBook,
  IconArrowsExchange,
  IconCashRegister,
  IconBuildingStore,
  IconCalendarTime,
  IconHistory,
  IconMapPin,
  IconMessages,
  IconMessageCog,
  IconChecklist,
  IconCreditCardOff,
  IconReceipt,
  IconUsersGroup,
  IconHome,
  IconMail,
  IconMessageCircle,
  IconMessageX,
  IconPlugConnected,
  IconReceiptRefund,
  IconSettings,
  IconShieldLock,
  IconTags,
  IconTemplate,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useSession, type SessionState } from '../../lib/session-state';
import { collectRouteNames, evaluateGuards } from '../guards';
import { signedInRoutes } from '../routes-signed-in';

export type NavItem = {
  route: RouteName;
  label: string;
  description: string;
  icon: Icon;
  /** Shown in the navigation bar; every item is also a card on Home (except Home itself). */
  inNavbar: boolean;
};

/** Screens the shell may link to, in order. Only those present in the route table and open to the user show. */
export const NAV_ITEMS: readonly NavItem[] = [
  { route: 'Home', label: 'Home', description: 'Your start page.', icon: IconHome, inNavbar: true },
  {
    route: 'FailedPayments',
    label: 'Failed payments',
    description: 'Declined payments with the reason, their automatic retries, and a retry by hand.',
    icon: IconCreditCardOff,
    inNavbar: false,
  },
  {
    route: 'CustomerReplies',
    label: 'Customer replies',
    description: 'Conversations with customers’ replies nobody has read yet, the one waiting longest first.',
    icon: IconMessageCircle,
    inNavbar: false,
  },
  {
    route: 'MissedMessages',
    label: 'Missed messages',
    description: 'Texts that failed or were not delivered, with the reason, to send again or dismiss.',
    icon: IconMessageX,
    inNavbar: false,
  },
  {
    route: 'TransactionSearch',
    label: 'Transactions',
    description: 'Search the merchant’s payments by status, dates, name or reference, and export them as CSV.',
    icon: IconReceipt,
    inNavbar: true,
  },
  {
    route: 'AchReturn',
    label: 'ACH returns',
    description:
      'Returned bank debits with the return code, re-presentment and the return rates against Nacha’s limits.',
    icon: IconReceiptRefund,
    inNavbar: false,
  },
  {
    route: 'Promises',
    label: 'Promises',
    description: 'Promises to pay for follow-up: open ones, and those kept, partly kept or broken.',
    icon: IconCalendarTime,
    inNavbar: false,
  },
  {
    route: 'MerchantList',
    label: 'Merchants',
    description: 'The merchants you work for, with their details.',
    icon: IconBuildingStore,
    inNavbar: true,
  },
  {
    route: 'CustomerList',
    label: 'Customers',
    description: 'Customers and their accounts: amounts due, due dates, notes and history.',
    icon: IconAddressBook,
    inNavbar: true,
  },
  {
    route: 'MovePayments',
    label: 'Move payment',
    description: 'Move a payment taken on the wrong account to another account, with a reason.',
    icon: IconArrowsExchange,
    inNavbar: false,
  },
  {
    route: 'MiscPayment',
    label: 'Down payment',
    description: 'Take a payment that is not on an account: a down payment or a one-off charge.',
    icon: IconCashRegister,
    inNavbar: false,
  },
  {
    route: 'Inbox',
    label: 'Inbox',
    description: 'Text with customers: conversations, replies as they arrive, and their accounts beside the chat.',
    icon: IconMessages,
    inNavbar: true,
  },
  {
    route: 'MessageTemplateList',
    label: 'Templates',
    description: 'Text and email templates with merge fields, and when each is sent around the due date.',
    icon: IconTemplate,
    inNavbar: true,
  },
  {
    route: 'LocationList',
    label: 'Locations',
    description: 'The merchant’s places of business, their addresses and time zones.',
    icon: IconMapPin,
    inNavbar: true,
  },
  {
    route: 'MerchantAccountList',
    label: 'Merchant accounts',
    description: 'Where each location’s card and bank payments settle, and their pricing.',
    icon: IconBuildingBank,
    inNavbar: true,
  },
  {
    route: 'OnboardingSummary',
    label: 'Onboarding',
    description: 'What the current merchant still needs to go live, and its business details.',
    icon: IconChecklist,
    inNavbar: true,
  },
  {
    route: 'OwnerList',
    label: 'Owners',
    description: 'The people who own the current merchant’s business.',
    icon: IconUsersGroup,
    inNavbar: false,
  },
  {
    route: 'SettingsGeneral',
    label: 'Settings',
    description: 'Name, logo and options of the current merchant.',
    icon: IconSettings,
    inNavbar: true,
  },
  {
    route: 'SettingsUsers',
    label: 'Users',
    description: 'Invite users and manage their roles.',
    icon: IconUsers,
    inNavbar: false,
  },
  {
    route: 'SettingsRoles',
    label: 'Roles',
    description: 'Custom roles and what they allow.',
    icon: IconShieldLock,
    inNavbar: false,
  },
  {
    route: 'SettingsTags',
    label: 'Tags',
    description: 'Account tags for customers’ accounts.',
    icon: IconTags,
    inNavbar: false,
  },
  {
    route: 'SettingsActivity',
    label: 'Activity',
    description: 'Who changed what in the merchant’s setup.',
    icon: IconHistory,
    inNavbar: false,
  },
  {
    route: 'SettingsMessaging',
    label: 'Messaging',
    description: 'Texting hours, the opt-out line and the HELP answer.',
    icon: IconMessageCog,
    inNavbar: false,
  },
  {
    route: 'SettingsIntegrations',
    label: 'Integrations',
    description: 'Connections to other systems.',
    icon: IconPlugConnected,
    inNavbar: false,
  },
  {
    route: 'FailedActions',
    label: 'Failed actions',
    description: 'Device commands that failed: retry them or mark them resolved.',
    icon: IconAlertTriangle,
    inNavbar: true,
  },
  {
    route: 'Outbox',
    label: 'Outbox',
    description: 'Emails the local outbox kept instead of sending, with their links.',
    icon: IconMail,
    inNavbar: true,
  },
];

/** The screens the app has today: those of the signed-in route table. */
export const REGISTERED_ROUTES: ReadonlySet<RouteName> = collectRouteNames(signedInRoutes);

export type VisibleNavItem = NavItem & { to: string };

/**
 * A route's path for the current merchant: `:merchantID` filled in (also when optional), other optional
 * parameters and a trailing splat left out; null when another required parameter is missing.
 */
export function buildRoutePath(pattern: string, merchantId: string | undefined): string | null {
  const segments: string[] = [];
  for (const segment of pattern.split('/')) {
    // A splat route (`misc-payment/*`) opens at its start.
    if (segment === '*') continue;
    if (!segment.startsWith(':')) {
      segments.push(segment);
      continue;
    }
    const optional = segment.endsWith('?');
    const name = segment.slice(1, optional ? -1 : undefined);
    if (name === 'merchantID' && merchantId) segments.push(encodeURIComponent(merchantId));
    else if (!optional) return null;
  }
  return segments.join('/') || '/';
}

/** The items the user may open, each with its path, judged by the same guards as a navigation there. */
export function findVisibleNavItems(
  session: Pick<SessionState, 'signedIn' | 'loggedOut' | 'profile' | 'currentMerchant' | 'claims'>,
  registered: ReadonlySet<RouteName> = REGISTERED_ROUTES,
): VisibleNavItem[] {
  if (!session.signedIn) return [];
  const merchantId = session.currentMerchant?.id;
  return NAV_ITEMS.flatMap((item) => {
    if (!registered.has(item.route)) return [];
    const to = buildRoutePath(ROUTE_ACCESS[item.route].path, merchantId);
    if (!to) return [];
    const result = evaluateGuards({ route: item.route, fullPath: to, merchantId, session });
    if ('allow' in result) return [{ ...item, to }];
    // Guard 4: legacy-app organisations have the transaction report at its legacy path; the item links there.
    const legacy = ROUTE_ACCESS[item.route].legacyRedirect;
    return legacy && result.redirect === legacy ? [{ ...item, to: legacy }] : [];
  });
}

export function useNavItems(): VisibleNavItem[] {
  return findVisibleNavItems(useSession());
}
