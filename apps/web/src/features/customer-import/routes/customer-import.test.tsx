import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { reportCsv } from '../lib/read-csv';
import { CustomerImportRoute } from './customer-import';

const CSV = [
  'Given,Surname,E-mail,Account,Amount Due,Location',
  'Ada,Lovelace,ada@example.com,A-1,$120.50,Main St',
  'Bob,Builder,not-an-email,A-2,,Main St',
].join('\n');

function renderImport(remembered: Record<string, string> = {}) {
  server.use(http.get('/api/merchants/m-1/customer_import_mapping/', () => HttpResponse.json({ mapping: remembered })));
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
    expect(screen.getByText(/1 of the first 2 rows have problems/)).toBeInTheDocument();
  }, 40_000);

  it('uploads the file with its mapping, follows the progress and shows the result', async () => {
    let body: { file_name?: string; csv?: string; mapping?: Record<string, string> } = {};
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
    await user.click(await screen.findByRole('button', { name: 'Import 2 rows' }));

    expect(await screen.findByText(/Imported 1, failed 1/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(body.file_name).toBe('customers.csv');
    expect(body.csv).toBe(CSV);
    expect(body.mapping).toMatchObject({ first_name: 'Given', email: 'E-mail', external_id: 'Account' });
    expect(screen.getByRole('button', { name: 'Download report' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to the customer list' }));
    expect(await screen.findByRole('heading', { name: 'Customer list page' })).toBeInTheDocument();
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

describe('the failed-rows report', () => {
  it('adds the row and reason columns and escapes cells that would run as formulas', () => {
    const text = reportCsv({
      columns: ['Name', 'Amount'],
      results: [{ row_number: 2, cells: ['=HYPERLINK("x")', '-5'], reason: 'Amount due: Must be a valid number' }],
    });
    expect(text.split('\r\n')).toEqual([
      'Name,Amount,row,reason',
      `"'=HYPERLINK(""x"")",'-5,2,Amount due: Must be a valid number`,
    ]);
  });
});
