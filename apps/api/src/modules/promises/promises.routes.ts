import { promiseEndpoints as endpoints } from '@paydesk/domain/promises/promises.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { toPage } from '../../lib/pagination';
import { merchantAccessOf } from '../../plugins/auth';
import { getAccountOfMerchant } from '../customers/customers.public';
import { confirmPromise } from './confirm-promise';
import { createPromise } from './create-promise';
import { listMerchantPromises, listUpcomingPromises } from './promise-view';

export const promisesRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.listOfAccount, async (request) => {
    const account = await getAccountOfMerchant(ctx.db, request.params.id, request.params.accountId);
    const page = await listUpcomingPromises(ctx.db, account.id, ctx.clock(), request.query);
    return toPage(request, request.query, page.count, page.results);
  });

  registerEndpoint(app, endpoints.create, async (request) => {
    const access = merchantAccessOf(request);
    if (!isUuid(request.params.accountId)) throw notFound();
    return createPromise(ctx, {
      merchantId: access.merchant.id,
      userId: access.userId,
      accountId: request.params.accountId,
      customerId: request.body.customer,
      amountCents: request.body.amount,
      scheduledDate: request.body.scheduled_date,
      paymentMethodId: request.body.payment_method,
      note: request.body.note,
    });
  });

  registerEndpoint(app, endpoints.confirm, async (request) => {
    const access = merchantAccessOf(request);
    if (!isUuid(request.params.promiseId)) throw notFound();
    return confirmPromise(ctx, {
      merchantId: access.merchant.id,
      userId: access.userId,
      promiseId: request.params.promiseId,
    });
  });

  registerEndpoint(app, endpoints.list, async (request) => {
    const page = await listMerchantPromises(ctx.db, request.params.id, request.query);
    return toPage(request, request.query, page.count, page.results);
  });
};
