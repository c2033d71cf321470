import { merchantEndpoints as endpoints } from '@paydesk/domain/merchants/merchants.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { pageBounds, toPage } from '../../lib/pagination';
import { merchantAccessOf, principalOf } from '../../plugins/auth';
import { changeMerchant, createMerchant, listMerchants, removeMerchant, toMerchantDto } from './merchants.service';

export const merchantsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;

  registerEndpoint(app, endpoints.list, async (request) => {
    const { search, ordering, ...page } = request.query;
    const options = { search, ordering, ...pageBounds(page) };
    const { count, rows } = await listMerchants(db, principalOf(request).user, options);
    return toPage(request, page, count, rows.map(toMerchantDto));
  });

  registerEndpoint(app, endpoints.create, async (request) => toMerchantDto(await createMerchant(db, request.body)));

  // The access check loaded the merchant.
  registerEndpoint(app, endpoints.get, async (request) => toMerchantDto(merchantAccessOf(request).merchant));

  registerEndpoint(app, endpoints.replace, async (request) =>
    toMerchantDto(await changeMerchant(db, request.params.id, request.body, merchantAccessOf(request))),
  );

  registerEndpoint(app, endpoints.update, async (request) =>
    toMerchantDto(await changeMerchant(db, request.params.id, request.body, merchantAccessOf(request))),
  );

  registerEndpoint(app, endpoints.remove, async (request) => {
    await removeMerchant(db, request.params.id);
  });
};
