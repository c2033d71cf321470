import { customerImportEndpoints as endpoints } from '@paydesk/domain/customers/customer-imports.contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { toPage } from '../../lib/pagination';
import { merchantAccessOf, principalOf } from '../../plugins/auth';
import type { MerchantRef } from './customers.read';
import {
  getImport,
  getImportReport,
  getRememberedMapping,
  refuseIntegrated,
  startImport,
  streamImportReportCsv,
  toImportDto,
} from './customer-imports.service';
import { previewImport } from './customer-imports.preview';

/** The merchant the request acts on; integrated merchants' customers come from their integration (403). */
function importingMerchantOf(request: FastifyRequest): MerchantRef {
  const { merchant } = merchantAccessOf(request);
  const ref = {
    id: merchant.id,
    name: merchant.name,
    is_integrated: merchant.is_integrated,
    timezone: merchant.timezone,
  };
  refuseIntegrated(ref);
  return ref;
}

export const customerImportsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  registerEndpoint(app, endpoints.mapping, async (request) =>
    getRememberedMapping(db, importingMerchantOf(request).id),
  );

  registerEndpoint(app, endpoints.preview, async (request) =>
    previewImport(ctx, importingMerchantOf(request), request.body),
  );

  registerEndpoint(app, endpoints.create, async (request) => {
    const merchant = importingMerchantOf(request);
    const created = await startImport(ctx, merchant, request.body, { id: principalOf(request).user.id });
    return toImportDto(created);
  });

  registerEndpoint(app, endpoints.get, async (request) =>
    toImportDto(await getImport(db, importingMerchantOf(request).id, request.params.importId)),
  );

  registerEndpoint(app, endpoints.report, async (request) => {
    const { count, columns, results } = await getImportReport(
      db,
      importingMerchantOf(request).id,
      request.params.importId,
      request.query,
    );
    return { ...toPage(request, request.query, count, results), columns };
  });

  registerEndpoint(app, endpoints.reportCsv, async (request, reply) => {
    const { importId } = request.params;
    const csv = await streamImportReportCsv(db, importingMerchantOf(request).id, importId);
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="import-${importId}-failed-rows.csv"`);
    // A stream is sent as it is (no serializer), a chunk of rows at a time.
    return csv as unknown as string;
  });
};
