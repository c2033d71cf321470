import { failedPaymentEndpoints as endpoints } from '@paydesk/domain/failed-payments/failed-payments.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { toPage } from '../../lib/pagination';
import { merchantAccessOf } from '../../plugins/auth';
import { listFailedPayments } from './failed-payment-view';
import { retryFailedPayment } from './retry-failed-payment';

export const failedPaymentsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.list, async (request) => {
    const page = await listFailedPayments(ctx.db, request.params.id, request.query);
    return toPage(request, request.query, page.count, page.results);
  });

  registerEndpoint(app, endpoints.retry, async (request) => {
    const access = merchantAccessOf(request);
    if (!isUuid(request.params.paymentId)) throw notFound();
    return retryFailedPayment(ctx, {
      merchantId: access.merchant.id,
      user: { id: access.userId, accessRoles: access.accessRoles },
      failedPaymentId: request.params.paymentId,
      paymentMethodId: request.body.payment_method,
    });
  });
};
