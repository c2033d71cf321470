import { ROUTE_ACCESS } from '@paydesk/domain/access/route-access';
import type { RouteObject } from 'react-router';
import { importWithTimeout } from '../lib/import-with-timeout';

/*
 * The merchants and settings screens (SPEC §2), included among the signed-in routes. Each leaf's `handle` is its
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
        path: 'roles/:roleID',
        handle: ROUTE_ACCESS.SettingsRoleDetail,
        lazy: () =>
          importWithTimeout(() => import('../features/settings/routes/settings-role-detail')).then((module) => ({
            Component: module.SettingsRoleDetailRoute,
          })),
      },
    ],
  },
];
