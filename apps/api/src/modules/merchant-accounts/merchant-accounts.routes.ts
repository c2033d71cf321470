import { merchantAccountEndpoints as endpoints } from '@paydesk/domain/locations/merchant-accounts.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { pageBounds, toPage } from '../../lib/pagination';
import { principalOf } from '../../plugins/auth';
import {
  changeMerchantAccount,
  createMerchantAccount,
  getMerchantAccount,
  listMerchantAccounts,
  removeMerchantAccount,
  toMerchantAccountDto,
} from './merchant-accounts.service';

export const merchantAccountsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.list, async (request) => {
    const { location, ordering } = request.query;
    const { count, rows } = await listMerchantAccounts(ctx.db, request.params.id, {
      ...pageBounds(request.query),
      location,
      ordering,
    });
    return toPage(request, request.query, count, rows.map(toMerchantAccountDto));
  });

  registerEndpoint(app, endpoints.create, async (request) =>
    toMerchantAccountDto(await createMerchantAccount(ctx, request.params.id, principalOf(request).user, request.body)),
  );

  registerEndpoint(app, endpoints.get, async (request) =>
    toMerchantAccountDto(await getMerchantAccount(ctx.db, request.params.id, request.params.merchantAccountId)),
  );

  registerEndpoint(app, endpoints.replace, async (request) => {
    const { id, merchantAccountId } = request.params;
    const actor = principalOf(request).user;
    return toMerchantAccountDto(await changeMerchantAccount(ctx, id, merchantAccountId, actor, request.body));
  });

  registerEndpoint(app, endpoints.update, async (request) => {
    const { id, merchantAccountId } = request.params;
    const actor = principalOf(request).user;
    return toMerchantAccountDto(await changeMerchantAccount(ctx, id, merchantAccountId, actor, request.body));
  });

  registerEndpoint(app, endpoints.remove, async (request) => {
    const { id, merchantAccountId } = request.params;
    await removeMerchantAccount(ctx, id, merchantAccountId, principalOf(request).user);
  });
};
