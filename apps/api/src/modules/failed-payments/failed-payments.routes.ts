import { failedPaymentEndpoints as endpoints } from '@paydesk/domain/failed-payments/failed-payments.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { toPage } from '../../lib/pagination';
import { merchantAccessOf } from '../../plugins/auth';
import { payerOf } from '../payments/payments.public';
import { isFailedPaymentOf, listFailedPayments } from './failed-payment-view';
import { retryFailedPayment } from './retry-failed-payment';

export const failedPaymentsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  // Not a failed payment of this merchant: 404 before an Idempotency-Key is claimed for it (a refused request writes
  // nothing).
  app.addHook('preValidation', async (request) => {
    const { paymentId } = request.params as { paymentId?: string };
    if (paymentId === undefined) return;
    const merchantId = request.merchantAccess?.merchant.id;
    if (!merchantId || !isUuid(paymentId) || !(await isFailedPaymentOf(ctx.db, merchantId, paymentId))) {
      throw notFound();
    }
  });

  registerEndpoint(app, endpoints.list, async (request) => {
    const page = await listFailedPayments(ctx.db, request.params.id, request.query);
    return toPage(request, request.query, page.count, page.results);
  });

  registerEndpoint(app, endpoints.retry, async (request) => {
    const { merchant, user } = payerOf(merchantAccessOf(request));
    return retryFailedPayment(ctx, {
      merchantId: merchant.id,
      user,
      failedPaymentId: request.params.paymentId,
      paymentMethodId: request.body.payment_method,
    });
  });
};
