import { merchantEndpoints as endpoints } from '@paydesk/domain/merchants/merchants.contract';
import { paymentCodeEndpoints } from '@paydesk/domain/merchants/payment-codes.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { pageBounds, toJsonPage, toPage } from '../../lib/pagination';
import { merchantAccessOf, principalOf } from '../../plugins/auth';
import { findAvailablePaymentCodes } from './payment-codes';
import { changeMerchant, createMerchant, listMerchants, removeMerchant, toMerchantDto } from './merchants.service';

export const merchantsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  registerEndpoint(app, endpoints.list, async (request) => {
    const { search, ordering, ...page } = request.query;
    const options = { search, ordering, ...pageBounds(page) };
    const { count, results } = await listMerchants(db, principalOf(request).user, options);
    return toJsonPage(request, page, count, results);
  });

  registerEndpoint(app, paymentCodeEndpoints.available, async (request) => {
    const { count, rows } = await findAvailablePaymentCodes(db, pageBounds(request.query));
    return toPage(request, request.query, count, rows);
  });

  registerEndpoint(app, endpoints.create, async (request) =>
    toMerchantDto(await createMerchant(ctx, request.body, principalOf(request).user)),
  );

  // The access check loaded the merchant.
  registerEndpoint(app, endpoints.get, async (request) => toMerchantDto(merchantAccessOf(request).merchant));

  registerEndpoint(app, endpoints.replace, async (request) =>
    toMerchantDto(
      await changeMerchant(ctx, request.params.id, request.body, merchantAccessOf(request), principalOf(request).user),
    ),
  );

  registerEndpoint(app, endpoints.update, async (request) =>
    toMerchantDto(
      await changeMerchant(ctx, request.params.id, request.body, merchantAccessOf(request), principalOf(request).user),
    ),
  );

  registerEndpoint(app, endpoints.remove, async (request) => {
    await removeMerchant(db, request.params.id);
  });
};
