import {
  customerImportEndpoints,
  type CreateImportInput,
  type ImportPreviewInput,
} from '@paydesk/domain/customers/customer-imports.contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /merchants/:id/customer_import_mapping/: the mapping used last at this merchant. */
export function getImportMappingQueryOptions(merchantID: string) {
  return queryOptions({
    queryKey: queryKeys.customerImports.mapping(merchantID),
    queryFn: () => api.call(customerImportEndpoints.mapping, { params: { id: merchantID } }),
    staleTime: Infinity,
  });
}

export function useImportMapping(merchantID: string) {
  return useQuery(getImportMappingQueryOptions(merchantID));
}

/** POST /merchants/:id/customer_imports/preview/: what importing the file would do now, by the server's checks. */
export function usePreviewImport(merchantID: string) {
  return useMutation({
    mutationFn: (input: ImportPreviewInput) =>
      api.call(customerImportEndpoints.preview, { params: { id: merchantID }, body: input }),
  });
}

/** POST /merchants/:id/customer_imports/: uploads the CSV text with its mapping; the rows import in the background. */
export function useStartImport(merchantID: string) {
  return useMutation({
    mutationFn: (input: CreateImportInput) =>
      api.call(customerImportEndpoints.create, { params: { id: merchantID }, body: input }),
  });
}

/** GET …/customer_imports/:importId/, polled every second until the import completes or fails. */
export function useImportProgress(merchantID: string, importID: string | null) {
  return useQuery({
    queryKey: queryKeys.customerImports.one(merchantID, importID),
    queryFn: () => api.call(customerImportEndpoints.get, { params: { id: merchantID, importId: importID ?? '' } }),
    enabled: importID !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'completed' || status === 'failed' ? false : 1000;
    },
  });
}

/** GET …/customer_imports/:importId/report/csv/: the failed rows and their reasons as CSV text (the server writes it). */
export function getImportReportCsv(merchantID: string, importID: string) {
  return api.call(customerImportEndpoints.reportCsv, { params: { id: merchantID, importId: importID } });
}
