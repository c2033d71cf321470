import { scheduledPaymentEndpoints as endpoints } from '@paydesk/domain/scheduled-payments/scheduled-payments.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { toPage } from '../../lib/pagination';
import { merchantAccessOf } from '../../plugins/auth';
import { getAccountOfMerchant } from '../customers/customers.public';
import { payerOf } from '../payments/payments.public';
import { cancelScheduledPayment } from './cancel-scheduled-payment';
import { schedulePayment } from './schedule-payment';
import { listScheduledPayments } from './scheduled-payment-view';

export const scheduledPaymentsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.list, async (request) => {
    const account = await getAccountOfMerchant(ctx.db, request.params.id, request.params.accountId);
    const page = await listScheduledPayments(ctx.db, account.id, request.query);
    return toPage(request, request.query, page.count, page.results);
  });

  registerEndpoint(app, endpoints.create, async (request) => {
    const payer = payerOf(merchantAccessOf(request));
    if (!isUuid(request.params.accountId)) throw notFound();
    return schedulePayment(ctx, {
      ...payer,
      accountId: request.params.accountId,
      customerId: request.body.customer,
      paymentMethodId: request.body.payment_method,
      amountCents: request.body.amount,
      date: request.body.date,
    });
  });

  registerEndpoint(app, endpoints.cancel, async (request) => {
    const access = merchantAccessOf(request);
    return cancelScheduledPayment(ctx, request.params.id, access.userId, request.body.payment);
  });
};
