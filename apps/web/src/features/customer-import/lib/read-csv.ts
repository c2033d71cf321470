import {
  IMPORT_EMPTY,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_NOT_CSV,
  IMPORT_TOO_LARGE,
  IMPORT_TOO_MANY_ROWS,
} from '@paydesk/domain/customers/customer-imports.contract';
import Papa from 'papaparse';

/** A CSV file read in the browser: its text (sent as is), its header and its rows keyed by header. */
export type ReadCsv = {
  fileName: string;
  text: string;
  columns: string[];
  rows: Array<Record<string, string>>;
};

/** Reads and parses the file, or throws an Error whose message says why it cannot be imported. */
export async function readCsvFile(file: File): Promise<ReadCsv> {
  if (file.size > IMPORT_MAX_BYTES) throw new Error(IMPORT_TOO_LARGE);
  const text = (await file.text()).replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new Error(IMPORT_EMPTY);
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const columns = (parsed.meta.fields ?? []).filter((name) => name !== '');
  if (columns.length === 0 || parsed.errors.some((error) => error.type === 'Quotes')) throw new Error(IMPORT_NOT_CSV);
  if (parsed.data.length === 0) throw new Error(IMPORT_EMPTY);
  if (parsed.data.length > IMPORT_MAX_ROWS) throw new Error(IMPORT_TOO_MANY_ROWS);
  return { fileName: file.name, text, columns, rows: parsed.data };
}

/** Offers text as a file download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
