import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS } from '@paydesk/domain/constants';
import type { TransactionRow } from '@paydesk/domain/transactions/transactions.contract';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { readFilters, TransactionReportLegacyRoute, TransactionSearchRoute } from './transaction-search';

function row(overrides: Partial<TransactionRow> = {}): TransactionRow {
  return {
    id: crypto.randomUUID(),
    status: 'PAID',
    // 03:30 UTC on the 10th is still the 9th in New York (the merchant's zone).
    created: '2026-03-10T03:30:00.000Z',
    origin: 'staff',
    customer: { id: crypto.randomUUID(), first_name: 'Dana', last_name: 'Driver' },
    payer_name: '',
    account: { id: crypto.randomUUID(), external_id: 'A-100' },
    location_name: 'Main St',
    amount: 12345,
    convenience_fee: 250,
    payment: { total_amount: 12595 },
    refunded_amount: 0,
    methods: [{ label: 'Visa •••• 4242', last4: '4242' }],
    processor_references: ['ch_123'],
    created_by_name: 'Avery Admin',
    ...overrides,
  };
}

const ROWS = [
  row(),
  row({ status: 'FAILED', customer: { id: crypto.randomUUID(), first_name: 'Eli', last_name: 'Ek' } }),
];

function serveSearch() {
  const requests: URL[] = [];
  server.use(
    http.get('/api/merchants/m-1/report-transactions/', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const statuses = url.searchParams.getAll('status');
      const results = ROWS.filter((item) => !statuses.length || statuses.includes(item.status));
      return HttpResponse.json({ count: results.length, count_capped: false, results });
    }),
  );
  return requests;
}

function renderSearch(initialEntry = '/transaction-search') {
  return renderRoutes(
    [
      { path: '/transaction-search', element: <TransactionSearchRoute /> },
      { path: '/transaction-report-legacy', element: <TransactionReportLegacyRoute /> },
    ],
    { session: buildSession(buildProfile({ role: 'admin' })), initialEntries: [initialEntry] },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('transaction search', () => {
  it('reads the filters of the URL, leaving out unknown statuses and days that are not days', () => {
    const params = new URLSearchParams('status=PAID&status=NOPE&status=FAILED&start=2026-02-30&end=2026-03-31');
    expect(readFilters(params)).toEqual({ status: ['PAID', 'FAILED'], start: undefined, end: '2026-03-31' });
  });

  it('lists transactions with MM/DD/YYYY in the merchant time zone and USD amounts', async () => {
    const requests = serveSearch();
    renderSearch();
    expect(await screen.findByText('2 transactions')).toBeInTheDocument();
    const tableRow = screen.getByRole('link', { name: 'Dana Driver' }).closest('tr')!;
    expect(within(tableRow).getByText('03/09/2026')).toBeInTheDocument();
    expect(within(tableRow).getByText('$123.45')).toBeInTheDocument();
    expect(within(tableRow).getByText('$125.95')).toBeInTheDocument();
    expect(within(tableRow).getByText('ch_123')).toBeInTheDocument();
    expect(requests.at(-1)?.searchParams.get('page_size')).toBe('50');
    expect(requests.at(-1)?.searchParams.get('ordering')).toBe('-created');
  });

  it('opens with the filters, search, sort and page size of its URL and sends them', async () => {
    const requests = serveSearch();
    renderSearch(
      '/transaction-search?status=FAILED&status=PAID&start=2026-03-01&end=2026-03-31&search=4242&ordering=total_amount&page_size=75',
    );
    expect(await screen.findByText('2 transactions')).toBeInTheDocument();
    const sent = requests.at(-1)!.searchParams;
    expect(sent.getAll('status')).toEqual(['FAILED', 'PAID']);
    expect(sent.get('start')).toBe('2026-03-01');
    expect(sent.get('end')).toBe('2026-03-31');
    expect(sent.get('like')).toBe('4242');
    expect(sent.get('ordering')).toBe('total_amount');
    expect(sent.get('page_size')).toBe('75');
    expect(screen.getByRole('textbox', { name: 'Start date' })).toHaveValue('03/01/2026');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('4242');
    expect(screen.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('filters by status and sorts by a column, keeping both in the URL', async () => {
    const requests = serveSearch();
    const user = setupUser();
    const { router } = renderSearch();
    await screen.findByText('2 transactions');

    await user.click(screen.getByPlaceholderText('Any status'));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    expect(await screen.findByText('1 transaction')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).getAll('status')).toEqual(['FAILED']);
    expect(requests.at(-1)?.searchParams.getAll('status')).toEqual(['FAILED']);

    await user.click(screen.getByRole('button', { name: /Total/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('ordering')).toBe('total_amount'));
    expect(requests.at(-1)?.searchParams.get('ordering')).toBe('total_amount');
  });

  it('keeps both a typed search and a filter chosen as its debounce ends (one writer of the URL)', async () => {
    const requests = serveSearch();
    const user = setupUser();
    const { router } = renderSearch();
    await screen.findByText('2 transactions');
    await user.click(screen.getByPlaceholderText('Any status'));
    const failed = await screen.findByRole('option', { name: 'Failed' });

    // The status is chosen, and the search's debounce ends, before React has rendered the chosen status's URL (the
    // router renders a new location in a transition): the search's write must not be built from the rendered one.
    vi.useFakeTimers();
    try {
      fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'Dana' } });
      act(() => {
        fireEvent.click(failed);
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      });
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('like')).toBe('Dana'));
    expect(requests.at(-1)?.searchParams.getAll('status')).toEqual(['FAILED']);
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('search'), params.getAll('status')]).toEqual(['Dana', ['FAILED']]);
  });

  it('shows a count past the server cap as 10,000+ and still offers the next page', async () => {
    server.use(
      http.get('/api/merchants/m-1/report-transactions/', () =>
        HttpResponse.json({ count: 10_000, count_capped: true, results: ROWS }),
      ),
    );
    renderSearch('/transaction-search?page=200');
    expect(await screen.findByText('10,000+ transactions')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '201' })).toBeInTheDocument();
  });

  it('exports the CSV of the filters, streamed, and downloads it', async () => {
    serveSearch();
    let exported: unknown;
    server.use(
      http.post('/api/merchants/m-1/export_transactions/', async ({ request }) => {
        exported = await request.json();
        return new HttpResponse('Date,Status\r\n03/09/2026,FAILED\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="transactions-2026-03-10.csv"',
            'X-Row-Count': '1',
          },
        });
      }),
    );
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:csv';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = setupUser();
    renderSearch('/transaction-search?status=FAILED&start=2026-03-01');
    await screen.findByText('1 transaction');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(exported).toEqual({ status: ['FAILED'], start: '2026-03-01' });
    const blob = createObjectURL.mock.calls[0]![0];
    expect(await blob.text()).toBe('Date,Status\r\n03/09/2026,FAILED\r\n');
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('transactions-2026-03-10.csv');
    click.mockRestore();
  });

  it('says why an export failed', async () => {
    serveSearch();
    server.use(
      http.post('/api/merchants/m-1/export_transactions/', () =>
        HttpResponse.json({ detail: 'You do not have permission to perform this action.' }, { status: 403 }),
      ),
    );
    const user = setupUser();
    renderSearch();
    await screen.findByText('2 transactions');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to perform this action.');
  });

  it('titles the legacy report', async () => {
    serveSearch();
    renderSearch('/transaction-report-legacy');
    expect(await screen.findByRole('heading', { name: 'Transaction report' })).toBeInTheDocument();
    expect(await screen.findByText('2 transactions')).toBeInTheDocument();
  });
});
