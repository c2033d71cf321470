import { transactionEndpoints as endpoints } from '@paydesk/domain/transactions/transactions.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { merchantAccessOf } from '../../plugins/auth';
import { searchTransactions } from './search-transactions';

export const transactionsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.search, async (request) => {
    const { merchant } = merchantAccessOf(request);
    return searchTransactions(ctx.db, merchant, request.query);
  });
};
