import {
  TRANSACTION_EXPORT_ROW_COUNT_HEADER,
  transactionEndpoints as endpoints,
} from '@paydesk/domain/transactions/transactions.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { merchantAccessOf } from '../../plugins/auth';
import { countTransactionsForExport, streamTransactionsCsv } from './export-transactions';
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
    // The row count comes first (one indexed count), so the web can show the export's progress as the body streams.
    const rows = await countTransactionsForExport(ctx.db, merchant, request.body);
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="transactions-${day}.csv"`)
      .header(TRANSACTION_EXPORT_ROW_COUNT_HEADER, String(rows));
    // A stream is sent as it is (no serializer), a batch of rows at a time.
    return streamTransactionsCsv(ctx.db, merchant, request.body) as unknown as string;
  });
};
