import { ROUTE_ACCESS } from '@paydesk/domain/access/route-access';
import type { RouteObject } from 'react-router';
import { importWithTimeout } from '../lib/import-with-timeout';

/*
 * The merchants, settings and customers screens (SPEC §2), included among the signed-in routes. Each leaf's `handle` is its
 * entry of the domain route access table, so its access rules (SPEC §6) are declared once for web and API. Merchant
 * creation and deletion are for super users; the screens check that themselves (the spec gives those routes no
 * role rule).
 */
export const merchantRoutes: RouteObject[] = [
  {
    path: '/merchants',
    handle: ROUTE_ACCESS.MerchantList,
    lazy: () =>
      importWithTimeout(() => import('../features/merchants/routes/merchant-list')).then((module) => ({
        Component: module.MerchantListRoute,
      })),
  },
  {
    path: '/merchants/create',
    handle: ROUTE_ACCESS.MerchantCreate,
    lazy: () =>
      importWithTimeout(() => import('../features/merchants/routes/merchant-create')).then((module) => ({
        Component: module.MerchantCreateRoute,
      })),
  },
  {
    path: '/merchants/:merchantID',
    handle: ROUTE_ACCESS.MerchantDetail,
    lazy: () =>
      importWithTimeout(() => import('../features/merchants/routes/merchant-detail')).then((module) => ({
        Component: module.MerchantDetailRoute,
      })),
  },
  {
    path: '/merchants/:merchantID?/message-templates',
    handle: ROUTE_ACCESS.MessageTemplateList,
    lazy: () =>
      importWithTimeout(() => import('../features/message-templates/routes/message-template-list')).then((module) => ({
        Component: module.MessageTemplateListRoute,
      })),
  },
  {
    // SPEC's `:messageTemplateID?` without the `?`: with it, the list's own path (a merchant, no template) ranks to
    // the editor's index route instead of the list. A new template is `…/message-templates/create`.
    path: '/merchants/:merchantID/message-templates/:messageTemplateID',
    handle: ROUTE_ACCESS.MessageTemplateEdit,
    lazy: () =>
      importWithTimeout(() => import('../features/message-templates/routes/message-template-editor')).then(
        (module) => ({ Component: module.MessageTemplateEditorRoute }),
      ),
    children: [
      {
        index: true,
        handle: ROUTE_ACCESS.MessageTemplateEdit,
        lazy: () =>
          importWithTimeout(() => import('../features/message-templates/routes/message-template-edit')).then(
            (module) => ({ Component: module.MessageTemplateEditRoute }),
          ),
      },
      {
        path: 'text',
        handle: ROUTE_ACCESS.MessageTemplateText,
        lazy: () =>
          importWithTimeout(() => import('../features/message-templates/routes/message-template-text')).then(
            (module) => ({ Component: module.MessageTemplateTextRoute }),
          ),
      },
      {
        path: 'email',
        handle: ROUTE_ACCESS.MessageTemplateEmail,
        lazy: () =>
          importWithTimeout(() => import('../features/message-templates/routes/message-template-email')).then(
            (module) => ({ Component: module.MessageTemplateEmailRoute }),
          ),
      },
    ],
  },
  {
    path: '/merchants/:merchantID?/inbox',
    handle: ROUTE_ACCESS.Inbox,
    lazy: () =>
      importWithTimeout(() => import('../features/inbox/routes/inbox')).then((module) => ({
        Component: module.InboxRoute,
      })),
  },
  {
    path: '/merchants/:merchantID?/locations',
    handle: ROUTE_ACCESS.LocationList,
    lazy: () =>
      importWithTimeout(() => import('../features/locations/routes/location-list')).then((module) => ({
        Component: module.LocationListRoute,
      })),
  },
  {
    path: '/locations/create',
    handle: ROUTE_ACCESS.LocationCreate,
    lazy: () =>
      importWithTimeout(() => import('../features/locations/routes/location-create')).then((module) => ({
        Component: module.LocationCreateRoute,
      })),
  },
  {
    path: '/locations/:locationID',
    handle: ROUTE_ACCESS.LocationDetail,
    lazy: () =>
      importWithTimeout(() => import('../features/locations/routes/location-detail')).then((module) => ({
        Component: module.LocationDetailRoute,
      })),
  },
  {
    path: '/merchants/:merchantID?/locations/:locationID?/merchant-accounts',
    handle: ROUTE_ACCESS.MerchantAccountList,
    lazy: () =>
      importWithTimeout(() => import('../features/merchant-accounts/routes/merchant-account-list')).then((module) => ({
        Component: module.MerchantAccountListRoute,
      })),
  },
  {
    path: '/merchants/:merchantID?/locations/:locationID?/merchant-accounts/create',
    handle: ROUTE_ACCESS.MerchantAccountCreate,
    lazy: () =>
      importWithTimeout(() => import('../features/merchant-accounts/routes/merchant-account-create')).then(
        (module) => ({
          Component: module.MerchantAccountCreateRoute,
        }),
      ),
  },
  {
    path: '/merchants/:merchantID?/locations/:locationID?/merchant-accounts/:merchantAccountID',
    handle: ROUTE_ACCESS.MerchantAccountDetail,
    lazy: () =>
      importWithTimeout(() => import('../features/merchant-accounts/routes/merchant-account-detail')).then(
        (module) => ({
          Component: module.MerchantAccountDetailRoute,
        }),
      ),
  },
  {
    path: '/merchants/:merchantID?/owners',
    handle: ROUTE_ACCESS.OwnerList,
    lazy: () =>
      importWithTimeout(() => import('../features/owners/routes/owner-list')).then((module) => ({
        Component: module.OwnerListRoute,
      })),
  },
  {
    path: '/merchants/:merchantID/owners/create',
    handle: ROUTE_ACCESS.OwnerCreate,
    lazy: () =>
      importWithTimeout(() => import('../features/owners/routes/owner-create')).then((module) => ({
        Component: module.OwnerCreateRoute,
      })),
  },
  {
    path: '/merchants/:merchantID/owners/:ownerID',
    handle: ROUTE_ACCESS.OwnerDetail,
    lazy: () =>
      importWithTimeout(() => import('../features/owners/routes/owner-detail')).then((module) => ({
        Component: module.OwnerDetailRoute,
      })),
  },
  {
    path: '/onboarding/:merchantID/summary',
    handle: ROUTE_ACCESS.OnboardingSummary,
    lazy: () =>
      importWithTimeout(() => import('../features/onboarding/routes/onboarding-summary')).then((module) => ({
        Component: module.OnboardingSummaryRoute,
      })),
  },
  {
    path: ROUTE_ACCESS.FailedActions.path,
    handle: ROUTE_ACCESS.FailedActions,
    lazy: () =>
      importWithTimeout(() => import('../features/integrations/routes/failed-actions')).then((module) => ({
        Component: module.FailedActionsRoute,
      })),
  },
  {
    path: '/merchants/:merchantID/customers/import',
    handle: ROUTE_ACCESS.CustomerImport,
    lazy: () =>
      importWithTimeout(() => import('../features/customer-import/routes/customer-import')).then((module) => ({
        Component: module.CustomerImportRoute,
      })),
  },
  {
    path: '/merchants/:merchantID/settings',
    lazy: () =>
      importWithTimeout(() => import('../features/settings/routes/settings-layout')).then((module) => ({
        Component: module.SettingsLayoutRoute,
      })),
    children: [
      {
        index: true,
        handle: ROUTE_ACCESS.SettingsGeneral,
        lazy: () =>
          importWithTimeout(() => import('../features/merchants/routes/merchant-settings-general')).then((module) => ({
            Component: module.MerchantSettingsGeneralRoute,
          })),
      },
      {
        path: 'users',
        handle: ROUTE_ACCESS.SettingsUsers,
        lazy: () =>
          importWithTimeout(() => import('../features/settings/routes/settings-users')).then((module) => ({
            Component: module.SettingsUsersRoute,
          })),
      },
      {
        path: 'roles',
        handle: ROUTE_ACCESS.SettingsRoles,
        lazy: () =>
          importWithTimeout(() => import('../features/settings/routes/settings-roles')).then((module) => ({
            Component: module.SettingsRolesRoute,
          })),
      },
      {
        path: 'roles/create',
        handle: ROUTE_ACCESS.SettingsRoleCreate,
        lazy: () =>
          importWithTimeout(() => import('../features/settings/routes/settings-role-create')).then((module) => ({
            Component: module.SettingsRoleCreateRoute,
          })),
      },
      {
        path: 'tags',
        handle: ROUTE_ACCESS.SettingsTags,
        lazy: () =>
          importWithTimeout(() => import('../features/settings/routes/settings-tags')).then((module) => ({
            Component: module.SettingsTagsRoute,
          })),
      },
      {
        path: 'activity',
        handle: ROUTE_ACCESS.SettingsActivity,
        lazy: () =>
          importWithTimeout(() => import('../features/settings/routes/settings-activity')).then((module) => ({
            Component: module.SettingsActivityRoute,
          })),
      },
      {
        path: 'messaging',
        handle: ROUTE_ACCESS.SettingsMessaging,
        lazy: () =>
          importWithTimeout(() => import('../features/settings/routes/settings-messaging')).then((module) => ({
            Component: module.SettingsMessagingRoute,
          })),
      },
      {
        path: 'roles/:roleID',
        handle: ROUTE_ACCESS.SettingsRoleDetail,
        lazy: () =>
          importWithTimeout(() => import('../features/settings/routes/settings-role-detail')).then((module) => ({
            Component: module.SettingsRoleDetailRoute,
          })),
      },
      {
        path: 'integrations',
        handle: ROUTE_ACCESS.SettingsIntegrations,
        lazy: () =>
          importWithTimeout(() => import('../features/integrations/routes/settings-integrations')).then((module) => ({
            Component: module.SettingsIntegrationsRoute,
          })),
      },
      {
        path: 'passtime',
        handle: ROUTE_ACCESS.SettingsPasstime,
        lazy: () =>
          importWithTimeout(() => import('../features/integrations/routes/settings-device')).then((module) => ({
            Component: module.SettingsPasstimeRoute,
          })),
      },
      {
        path: 'ituran',
        handle: ROUTE_ACCESS.SettingsIturan,
        lazy: () =>
          importWithTimeout(() => import('../features/integrations/routes/settings-device')).then((module) => ({
            Component: module.SettingsIturanRoute,
          })),
      },
    ],
  },
  {
    path: '/merchants/:merchantID?/customers',
    handle: ROUTE_ACCESS.CustomerList,
    lazy: () =>
      importWithTimeout(() => import('../features/customers/routes/customer-list')).then((module) => ({
        Component: module.CustomerListRoute,
      })),
  },
  {
    path: '/merchants/:merchantID/customers/create',
    handle: ROUTE_ACCESS.CustomerCreate,
    lazy: () =>
      importWithTimeout(() => import('../features/customers/routes/customer-create')).then((module) => ({
        Component: module.CustomerCreateRoute,
      })),
  },
  {
    path: '/merchants/:merchantID/customers/:customerID/detail',
    handle: ROUTE_ACCESS.CustomerDetail,
    lazy: () =>
      importWithTimeout(() => import('../features/customers/routes/customer-layout')).then((module) => ({
        Component: module.CustomerFullViewRoute,
      })),
  },
  {
    path: '/merchants/:merchantID/customers/:customerID',
    lazy: () =>
      importWithTimeout(() => import('../features/customers/routes/customer-layout')).then((module) => ({
        Component: module.CustomerLayoutRoute,
      })),
    children: [
      {
        index: true,
        handle: ROUTE_ACCESS.CustomerAccountDetails,
        lazy: () =>
          importWithTimeout(() => import('../features/customers/routes/customer-account-details')).then((module) => ({
            Component: module.CustomerAccountDetailsRoute,
          })),
      },
      {
        path: 'history',
        handle: ROUTE_ACCESS.CustomerHistory,
        lazy: () =>
          importWithTimeout(() => import('../features/customers/routes/customer-history')).then((module) => ({
            Component: module.CustomerHistoryRoute,
          })),
      },
      {
        path: 'notes',
        handle: ROUTE_ACCESS.CustomerNotes,
        lazy: () =>
          importWithTimeout(() => import('../features/customers/routes/customer-notes')).then((module) => ({
            Component: module.CustomerNotesRoute,
          })),
      },
      {
        path: 'co-borrowers',
        handle: ROUTE_ACCESS.AccountCustomers,
        lazy: () =>
          importWithTimeout(() => import('../features/customers/routes/account-customers')).then((module) => ({
            Component: module.AccountCustomersRoute,
          })),
      },
      {
        path: 'payment-methods',
        handle: ROUTE_ACCESS.CustomerPaymentMethods,
        lazy: () =>
          importWithTimeout(() => import('../features/customers/routes/customer-payment-methods')).then((module) => ({
            Component: module.CustomerPaymentMethodsRoute,
          })),
      },
    ],
  },
];
