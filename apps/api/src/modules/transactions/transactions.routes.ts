import { transactionEndpoints as endpoints } from '@paydesk/domain/transactions/transactions.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { merchantAccessOf } from '../../plugins/auth';
import { streamTransactionsCsv } from './export-transactions';
import { searchTransactions } from './search-transactions';

export const transactionsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.search, async (request) => {
    const { merchant } = merchantAccessOf(request);
    return searchTransactions(ctx.db, merchant, request.query);
  });

  registerEndpoint(app, endpoints.export, async (request, reply) => {
    const { merchant } = merchantAccessOf(request);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: merchant.timezone }).format(ctx.clock());
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="transactions-${day}.csv"`);
    // A stream is sent as it is (no serializer), a batch of rows at a time.
    return streamTransactionsCsv(ctx.db, merchant, request.body) as unknown as string;
  });
};
