import { autopayEndpoints as endpoints } from '@paydesk/domain/autopay/autopay.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { merchantAccessOf } from '../../plugins/auth';
import { getAccountOfMerchant } from '../customers/customers.public';
import { readAutopay } from './autopay-view';
import { disableAutopay } from './disable-autopay';
import { enrolAutopay } from './enrol-autopay';

export const autopayRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.get, async (request) => {
    const account = await getAccountOfMerchant(ctx.db, request.params.id, request.params.accountId);
    return readAutopay(ctx.db, account);
  });

  registerEndpoint(app, endpoints.enrol, async (request) => {
    const access = merchantAccessOf(request);
    if (!isUuid(request.params.accountId)) throw notFound();
    return enrolAutopay(ctx, {
      merchant: access.merchant,
      userId: access.userId,
      accountId: request.params.accountId,
      customerId: request.body.customer,
      paymentMethodId: request.body.payment_method,
      authorization: request.body.authorization,
    });
  });

  registerEndpoint(app, endpoints.disable, async (request) => {
    const access = merchantAccessOf(request);
    return disableAutopay(ctx, {
      merchantId: access.merchant.id,
      userId: access.userId,
      accountId: request.params.accountId,
      by: request.query.by,
    });
  });
};
