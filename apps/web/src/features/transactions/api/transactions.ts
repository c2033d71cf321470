// Transaction search and export (issue 18 item 10): the page of GET report-transactions, and the CSV of
// POST export_transactions read as it streams, with its progress from the X-Row-Count header.

import {
  TRANSACTION_EXPORT_ROW_COUNT_HEADER,
  transactionEndpoints,
  type TransactionExportBody,
  type TransactionSearchQuery,
} from '@paydesk/domain/transactions/transactions.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, NO_RESPONSE_STATUS } from '../../../lib/api-client';
import { api } from '../../../lib/api-client';
import { readAuthHooks } from '../../../lib/auth-hooks';
import { queryKeys } from '../../../lib/query-keys';

export type TransactionSearch = Pick<TransactionSearchQuery, 'page' | 'page_size' | 'ordering' | 'status'> & {
  start?: string;
  end?: string;
  like?: string;
};

/** GET /merchants/:id/report-transactions/ */
export function useTransactionSearch(merchantID: string, search: TransactionSearch) {
  return useQuery({
    queryKey: queryKeys.payments.search(merchantID, search),
    queryFn: ({ signal }) =>
      api.call(
        transactionEndpoints.search,
        { params: { id: merchantID }, query: { ...search, status: search.status ?? [] } },
        { signal },
      ),
    enabled: Boolean(merchantID),
    placeholderData: keepPreviousData,
  });
}

export type ExportProgress = { rows: number; total: number | null };

/**
 * POST /merchants/:id/export_transactions/: reads the CSV as it streams, reporting the data rows received against the
 * X-Row-Count total, and answers the file as a Blob (the browser keeps the parts; the server holds one batch).
 */
export async function exportTransactionsCsv(
  merchantID: string,
  body: TransactionExportBody,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; filename: string }> {
  const hooks = readAuthHooks();
  const token = hooks.getAccessToken?.();
  const base = (import.meta.env.VITE_API_BASE ?? '/api').replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}/merchants/${encodeURIComponent(merchantID)}/export_transactions/`, {
      method: 'POST',
      headers: {
        Accept: 'text/csv, application/json',
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NO_RESPONSE_STATUS, undefined, { cause: error });
  }
  if (response.status === 401) hooks.onUnauthorized?.();
  if (!response.ok) {
    const text = await response.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // Not JSON: the text is the body.
    }
    throw new ApiError(response.status, data);
  }
  hooks.onSuccess?.();
  const header = Number(response.headers.get(TRANSACTION_EXPORT_ROW_COUNT_HEADER));
  const total = response.headers.has(TRANSACTION_EXPORT_ROW_COUNT_HEADER) && Number.isFinite(header) ? header : null;
  const filename =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'transactions.csv';
  const parts: BlobPart[] = [];
  let lines = 0;
  onProgress({ rows: 0, total });
  if (response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let carry = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      // Rows end with CRLF; a quoted cell's own line breaks are plain LF (Papa unparse), so CRLFs count the rows.
      const text = carry + decoder.decode(value, { stream: true });
      lines += text.split('\r\n').length - 1;
      carry = text.endsWith('\r') ? '\r' : '';
      const rows = Math.max(0, lines - 1);
      onProgress({ rows: total === null ? rows : Math.min(rows, total), total });
    }
  } else {
    parts.push(await response.text());
  }
  return { blob: new Blob(parts, { type: 'text/csv' }), filename };
}
