import {
  IMPORT_FIELDS,
  guessMapping,
  importAffirmationText,
} from '@paydesk/domain/customers/customer-imports.contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { CustomerImportRoute } from './customer-import';

const CSV = [
  'Given,Surname,E-mail,Account,Amount Due,Location',
  'Ada,Lovelace,ada@example.com,A-1,$120.50,Main St',
  'Bob,Builder,not-an-email,A-2,,Main St',
].join('\n');

/** What the server's preview says of CSV: Ada is new, Bob's row fails. */
const PREVIEW = {
  total: 2,
  create: 1,
  update: 0,
  fail: 1,
  failures: [{ row_number: 2, reason: 'Email: Email is not valid' }],
  do_not_contact_changes: [],
  opt_in_rows: { sms: 0, email: 0 },
};

function renderImport(remembered: Record<string, string> = {}, preview: Record<string, unknown> = PREVIEW) {
  server.use(
    http.get('/api/merchants/m-1/customer_import_mapping/', () =>
      HttpResponse.json({ mapping: remembered, blank_clears: false }),
    ),
    http.post('/api/merchants/m-1/customer_imports/preview/', () => HttpResponse.json(preview)),
  );
  const view = renderRoutes(
    [
      { path: '/merchants/:merchantID/customers/import', element: <CustomerImportRoute /> },
      { path: '/merchants/:merchantID/customers', element: <h1>Customer list page</h1> },
    ],
    {
      session: buildSession(buildProfile({ role: 'staff' })),
      initialEntries: ['/merchants/m-1/customers/import'],
    },
  );
  return view;
}

/** The file input appears once the remembered mapping has arrived. */
async function fileInputOf(container: HTMLElement): Promise<HTMLInputElement> {
  await screen.findByLabelText('CSV file');
  const input = container.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  return input;
}

async function uploadCsv(container: HTMLElement, text = CSV) {
  const user = setupUser();
  const input = await fileInputOf(container);
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  await user.upload(input, new File([text], 'customers.csv', { type: 'text/csv' }));
  await screen.findByText(/Step 2 of 5/);
  return user;
}

describe('customer import: mapping and preview', () => {
  it('shows the detected columns and guesses the mapping; a required field left unmapped is named', async () => {
    const { container } = renderImport();
    expect(await screen.findByText(/Step 1 of 5: Upload/)).toBeInTheDocument();
    const user = await uploadCsv(container);

    const columns = screen.getByRole('list', { name: 'Columns in the file' });
    expect(
      within(columns)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Given', 'Surname', 'E-mail', 'Account', 'Amount Due', 'Location']);
    expect(screen.getByRole('combobox', { name: /^Email$/ })).toHaveValue('E-mail');
    expect(screen.getByRole('combobox', { name: /^External ID/ })).toHaveValue('Account');
    expect(screen.getByRole('combobox', { name: /^Amount due/ })).toHaveValue('Amount Due');
    expect(screen.getByRole('combobox', { name: /^Last name/ })).toHaveValue('Surname');
    // "Given" is not a name the guess knows: first name stays to map.
    expect(screen.getByRole('combobox', { name: /^First name/ })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByText(/Step 2 of 5/)).toBeInTheDocument();
    expect(screen.getAllByText('Required')).toHaveLength(1);
  }, 40_000);

  it('uses the mapping remembered for the merchant and highlights the problems of the first rows', async () => {
    const { container } = renderImport({ first_name: 'Given', last_name: 'Surname', location: 'Location' });
    await screen.findByText(/Step 1 of 5/);
    const user = await uploadCsv(container);
    expect(screen.getByRole('combobox', { name: /^First name/ })).toHaveValue('Given');

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const table = await screen.findByRole('table', { name: 'Preview of the first rows' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).queryByText('Email is not valid')).toBeNull();
    const problems = (rows[2] as HTMLElement).querySelectorAll('[data-problem="true"]');
    expect([...problems].map((cell) => cell.textContent)).toEqual([
      'not-an-emailEmail is not valid',
      'Amount Due is Required.',
    ]);
    // The counts are the server's: the import button names the rows that will import, not every row.
    expect(
      await screen.findByText(
        /Of 2 rows: 1 new customer, 0 updates of existing accounts, 1 row that will not be imported/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Rows that will fail' })).toHaveTextContent(
      'Row 2: Email: Email is not valid',
    );
    expect(screen.getByRole('button', { name: 'Import 1 row' })).toBeEnabled();
  }, 40_000);

  it('uploads the file with its mapping, follows the progress and shows the result', async () => {
    let body: {
      file_name?: string;
      csv?: string;
      mapping?: Record<string, string>;
      blank_clears?: boolean;
      text_opt_in_affirmation?: string | null;
    } = {};
    let polls = 0;
    const progress = (processed: number, status: string) => ({
      id: '7b0c6f0e-6a0f-4d5e-9d2b-3c1f2a4b5c6d',
      file_name: 'customers.csv',
      status,
      total: 2,
      processed,
      imported: processed === 2 ? 1 : 0,
      updated: 0,
      failed: processed === 2 ? 1 : 0,
      error: null,
      created: '2026-11-22T12:00:00.000Z',
      finished: status === 'completed' ? '2026-11-22T12:00:05.000Z' : null,
    });
    server.use(
      http.post('/api/merchants/m-1/customer_imports/', async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json(progress(0, 'queued'), { status: 201 });
      }),
      http.get('/api/merchants/m-1/customer_imports/:importId/', () => {
        polls += 1;
        return HttpResponse.json(polls < 2 ? progress(1, 'running') : progress(2, 'completed'));
      }),
    );
    const { container } = renderImport({ first_name: 'Given', last_name: 'Surname', location: 'Location' });
    await screen.findByText(/Step 1 of 5/);
    const user = await uploadCsv(container);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Import 1 row' }));

    expect(await screen.findByText(/Imported 1, failed 1/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(body.file_name).toBe('customers.csv');
    expect(body.csv).toBe(CSV);
    expect(body.mapping).toMatchObject({ first_name: 'Given', email: 'E-mail', external_id: 'Account' });
    expect(body).toMatchObject({ blank_clears: false, text_opt_in_affirmation: null });
    expect(screen.getByRole('button', { name: 'Download report' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to the customer list' }));
    expect(await screen.findByRole('heading', { name: 'Customer list page' })).toBeInTheDocument();
  }, 40_000);

  it('offers a drop zone with Choose file, a breadcrumb and a page title', async () => {
    const { container } = renderImport();
    await screen.findByText(/Step 1 of 5: Upload/);
    expect(await screen.findByRole('button', { name: 'Choose file' })).toBeInTheDocument();
    expect(screen.getByText('Drop the CSV file here')).toBeInTheDocument();
    await fileInputOf(container);
    await waitFor(() => expect(document.title).toBe('Import customers · Paydesk'));
    const user = setupUser();
    await user.click(screen.getByRole('link', { name: 'Customers' }));
    expect(await screen.findByRole('heading', { name: 'Customer list page' })).toBeInTheDocument();
  });

  it('downloads a sample CSV whose headers map every import field', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:sample') }));
    renderImport();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Download a sample CSV' }));
    await vi.waitFor(() => expect(blobs).toHaveLength(1));
    const header = (await blobs[0]?.text())?.split('\r\n')[0]?.split(',') ?? [];
    expect(Object.keys(guessMapping(header)).sort()).toEqual([...IMPORT_FIELDS].sort());
    vi.unstubAllGlobals();
  });

  it("asks for the opt-in affirmation (I'm Sure) once for a file that opts customers in, and sends its words", async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post('/api/merchants/m-1/customer_imports/', async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json({ code: 'bad_request', detail: 'stop here' }, { status: 400 });
      }),
    );
    const { container } = renderImport(
      { first_name: 'Given', last_name: 'Surname', location: 'Location' },
      { ...PREVIEW, opt_in_rows: { sms: 1, email: 0 } },
    );
    await screen.findByText(/Step 1 of 5/);
    const user = await uploadCsv(container);
    await user.click(screen.getByRole('checkbox', { name: /Blank cells clear the field/ }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Import 1 row' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm opt-ins' });
    expect(dialog).toHaveTextContent(importAffirmationText('sms'));
    await user.click(within(dialog).getByRole('button', { name: "I'm Sure" }));
    await waitFor(() =>
      expect(body).toMatchObject({
        blank_clears: true,
        text_opt_in_affirmation: importAffirmationText('sms'),
        email_opt_in_affirmation: null,
      }),
    );
  }, 40_000);

  it('lists the accounts whose status goes to or from Do Not Contact before the import', async () => {
    const { container } = renderImport(
      { first_name: 'Given', last_name: 'Surname', location: 'Location' },
      {
        ...PREVIEW,
        create: 0,
        update: 1,
        do_not_contact_changes: [
          { row_number: 1, external_id: 'A-1', name: 'Ada Lovelace', from: 'do_not_contact', to: 'active' },
        ],
      },
    );
    await screen.findByText(/Step 1 of 5/);
    const user = await uploadCsv(container);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const changes = await screen.findByRole('list', { name: 'Do not contact changes' });
    expect(changes).toHaveTextContent('Row 1: Ada Lovelace (A-1), Do Not Contact → Active');
    expect(screen.getByRole('button', { name: 'Import 1 row' })).toBeEnabled();
  }, 40_000);

  it('refuses a file that is not CSV text before uploading it', async () => {
    const { container } = renderImport();
    await screen.findByText(/Step 1 of 5/);
    const user = setupUser();
    const input = await fileInputOf(container);
    await user.upload(input, new File([''], 'empty.csv', { type: 'text/csv' }));
    expect(await screen.findByText('The file has no rows to import.')).toBeInTheDocument();
  });
});

describe('the end of an import', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function importUntil(finalState: Record<string, unknown>) {
    server.use(
      http.post('/api/merchants/m-1/customer_imports/', () =>
        HttpResponse.json(
          {
            id: '7b0c6f0e-6a0f-4d5e-9d2b-3c1f2a4b5c6d',
            file_name: 'customers.csv',
            status: 'queued',
            total: 2,
            processed: 0,
            imported: 0,
            updated: 0,
            failed: 0,
            error: null,
            created: '2026-11-22T12:00:00.000Z',
            finished: null,
          },
          { status: 201 },
        ),
      ),
      http.get('/api/merchants/m-1/customer_imports/:importId/', () =>
        HttpResponse.json({
          id: '7b0c6f0e-6a0f-4d5e-9d2b-3c1f2a4b5c6d',
          file_name: 'customers.csv',
          total: 2,
          updated: 0,
          created: '2026-11-22T12:00:00.000Z',
          finished: '2026-11-22T12:00:05.000Z',
          ...finalState,
        }),
      ),
    );
    const { container } = renderImport({ first_name: 'Given', last_name: 'Surname', location: 'Location' });
    await screen.findByText(/Step 1 of 5/);
    const user = await uploadCsv(container);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Import 1 row' }));
    return user;
  }

  it('downloads the failed rows as the CSV file the server writes', async () => {
    const reportCsv = 'Given,Surname,row,reason\r\nBob,Builder,2,Email: Email is not valid\r\n';
    const requested: string[] = [];
    server.use(
      http.get('/api/merchants/m-1/customer_imports/:importId/report/csv/', ({ request }) => {
        requested.push(new URL(request.url).pathname);
        return new HttpResponse(reportCsv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
      }),
    );
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:report') }));
    const user = await importUntil({ status: 'completed', processed: 2, imported: 1, failed: 1, error: null });
    await user.click(await screen.findByRole('button', { name: 'Download report' }, { timeout: 5000 }));
    await vi.waitFor(() => expect(blobs).toHaveLength(1));
    expect(requested).toEqual(['/api/merchants/m-1/customer_imports/7b0c6f0e-6a0f-4d5e-9d2b-3c1f2a4b5c6d/report/csv/']);
    expect(await blobs[0]?.text()).toBe(reportCsv);
  }, 40_000);

  it('says why an import stopped and what was kept', async () => {
    await importUntil({
      status: 'failed',
      processed: 1,
      imported: 1,
      failed: 0,
      error: 'connection terminated',
    });
    expect(await screen.findByText('Import stopped', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/stopped after 1 of 2 rows: connection terminated/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download report' })).toBeNull();
  }, 40_000);
});
