import { achReturnEndpoints as endpoints } from '@paydesk/domain/payments/ach-returns.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { toPage } from '../../lib/pagination';
import { merchantAccessOf } from '../../plugins/auth';
import { payerOf } from '../payments/payments.public';
import { isReturnOf, listAchReturns } from './ach-return-view';
import { representAchReturn } from './represent-ach-return';
import { findReturnRates } from './return-rates';

export const achReturnsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  // Not a return of this merchant: 404 before an Idempotency-Key is claimed for it (a refused request writes nothing).
  app.addHook('preValidation', async (request) => {
    const { paymentId } = request.params as { paymentId?: string };
    if (paymentId === undefined) return;
    const merchantId = request.merchantAccess?.merchant.id;
    if (!merchantId || !isUuid(paymentId) || !(await isReturnOf(ctx.db, merchantId, paymentId))) throw notFound();
  });

  registerEndpoint(app, endpoints.list, async (request) => {
    const page = await listAchReturns(ctx.db, ctx.clock(), request.params.id, request.query);
    return toPage(request, request.query, page.count, page.results);
  });

  registerEndpoint(app, endpoints.rates, async (request) => findReturnRates(ctx.db, ctx.clock(), request.params.id));

  registerEndpoint(app, endpoints.represent, async (request) => {
    const { merchant, user } = payerOf(merchantAccessOf(request));
    return representAchReturn(ctx, {
      merchantId: merchant.id,
      user,
      paymentId: request.params.paymentId,
    });
  });
};
