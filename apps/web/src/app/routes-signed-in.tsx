import { ROUTE_ACCESS } from '@paydesk/domain/access/route-access';
import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';
import { merchantRoutes } from './routes-merchants';

/*
 * The signed-in screens: the AppLayout shell and its pages. The router adds them to the route table the first time a
 * navigation needs them (`discoverRoutes` in routes.tsx), so that the Login download does not carry their
 * modules' preload lists. The id lets a second patch recognise the route and leave it alone.
 */
export const signedInRoutes: RouteObject[] = [
  {
    id: 'app',
    lazy: lazyPage(
      () => import('./layout/app-layout'),
      (module) => module.AppLayout,
    ),
    children: [
      {
        path: ROUTE_ACCESS.Home.path,
        handle: ROUTE_ACCESS.Home,
        lazy: lazyPage(
          () => import('./home-page'),
          (module) => module.HomePage,
        ),
      },
      ...merchantRoutes,
      {
        path: ROUTE_ACCESS.FreshbooksAuth.path,
        handle: ROUTE_ACCESS.FreshbooksAuth,
        lazy: lazyPage(
          () => import('../features/integrations/routes/freshbooks-auth'),
          (module) => module.FreshbooksAuthRoute,
        ),
      },
      {
        path: ROUTE_ACCESS.FailedPayments.path,
        handle: ROUTE_ACCESS.FailedPayments,
        lazy: lazyPage(
          () => import('../features/failed-payments/routes/failed-payments'),
          (module) => module.FailedPaymentsRoute,
        ),
      },
      {
        path: ROUTE_ACCESS.CustomerReplies.path,
        handle: ROUTE_ACCESS.CustomerReplies,
        lazy: lazyPage(
          () => import('../features/message-queues/routes/customer-replies'),
          (module) => module.CustomerRepliesRoute,
        ),
      },
      {
        path: ROUTE_ACCESS.MissedMessages.path,
        handle: ROUTE_ACCESS.MissedMessages,
        lazy: lazyPage(
          () => import('../features/message-queues/routes/missed-messages'),
          (module) => module.MissedMessagesRoute,
        ),
      },
      {
        path: ROUTE_ACCESS.TransactionSearch.path,
        handle: ROUTE_ACCESS.TransactionSearch,
        lazy: lazyPage(
          () => import('../features/transactions/routes/transaction-search'),
          (module) => module.TransactionSearchRoute,
        ),
      },
      {
        path: ROUTE_ACCESS.TransactionReportLegacy.path,
        handle: ROUTE_ACCESS.TransactionReportLegacy,
        lazy: lazyPage(
          () => import('../features/transactions/routes/transaction-search'),
          (module) => module.TransactionReportLegacyRoute,
        ),
      },
      {
        path: ROUTE_ACCESS.AchReturn.path,
        handle: ROUTE_ACCESS.AchReturn,
        lazy: lazyPage(
          () => import('../features/ach-returns/routes/ach-returns'),
          (module) => module.AchReturnsRoute,
        ),
      },
      {
        path: ROUTE_ACCESS.MovePayments.path,
        handle: ROUTE_ACCESS.MovePayments,
        lazy: lazyPage(
          () => import('../features/customers/routes/move-payment'),
          (module) => module.MovePaymentRoute,
        ),
      },
      {
        path: ROUTE_ACCESS.MiscPayment.path,
        handle: ROUTE_ACCESS.MiscPayment,
        lazy: lazyPage(
          () => import('../features/customers/routes/misc-payment'),
          (module) => module.MiscPaymentRoute,
        ),
      },
      {
        path: ROUTE_ACCESS.Promises.path,
        handle: ROUTE_ACCESS.Promises,
        lazy: lazyPage(
          () => import('../features/promises/routes/promises'),
          (module) => module.PromisesRoute,
        ),
      },
      {
        path: ROUTE_ACCESS.Profile.path,
        handle: ROUTE_ACCESS.Profile,
        lazy: lazyPage(
          () => import('../features/profile/routes/profile'),
          (module) => module.ProfileRoute,
        ),
      },
      {
        path: ROUTE_ACCESS.Outbox.path,
        handle: ROUTE_ACCESS.Outbox,
        lazy: lazyPage(
          () => import('../features/outbox/routes/outbox'),
          (module) => module.OutboxRoute,
        ),
      },
    ],
  },
];
