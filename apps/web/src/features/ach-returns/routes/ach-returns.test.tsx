import type { AchReturn, AchReturnRates } from '@paydesk/domain/payments/ach-returns.contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { AchReturnsRoute } from './ach-returns';

const R01: AchReturn = {
  id: '6f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a10',
  original_payment_id: '6f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a10',
  // 02:00 UTC on March 5th is still March 4th in New York.
  returned_at: '2026-03-05T02:00:00.000Z',
  code: 'R01',
  meaning: 'Insufficient funds',
  attempt: 0,
  represent_deadline: '2026-08-29',
  action: 'may_represent',
  action_label: 'May be re-presented',
  represented_payment_id: null,
  amount: 12_000,
  customer: { id: 'c-1', first_name: 'Carla', last_name: 'Customer' },
  account: { id: 'a-1', external_id: 'A-1001' },
  payment_method: { id: 'pm-1', label: 'Bank XXXX2227', flagged: false },
};
const R02: AchReturn = {
  ...R01,
  id: '7f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a11',
  code: 'R02',
  meaning: 'Account closed',
  attempt: 1,
  represent_deadline: null,
  action: 'method_disabled',
  action_label: 'Bank method disabled',
  customer: { id: 'c-2', first_name: 'Dan', last_name: 'Debtor' },
};
const RATES: AchReturnRates = {
  window_days: 60,
  since: '2026-01-04T00:00:00.000Z',
  debits: 40,
  rates: [
    { kind: 'unauthorized', returns: 1, rate: 0.025, threshold: 0.005, over_threshold: true },
    { kind: 'administrative', returns: 1, rate: 0.025, threshold: 0.03, over_threshold: false },
    { kind: 'overall', returns: 3, rate: 0.075, threshold: 0.15, over_threshold: false },
  ],
};

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

function renderPage() {
  return renderRoutes([{ path: '/ach-return', element: <AchReturnsRoute /> }], {
    session: buildSession(buildProfile({ role: 'staff', merchant: buildMerchant({ id: 'm-1' }) })),
    initialEntries: ['/ach-return?merchant=m-1'],
  });
}

describe('ACH returns', () => {
  it("shows each return's code, meaning, attempt, deadline and action, and the rates against the thresholds", async () => {
    server.use(
      http.get('/api/merchants/m-1/ach_returns/', () => HttpResponse.json(page([R01, R02]))),
      http.get('/api/merchants/m-1/ach_returns/rates/', () => HttpResponse.json(RATES)),
    );
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Insufficient funds')).toBeInTheDocument();
    expect(within(table).getAllByText('03/04/2026')).toHaveLength(2);
    expect(within(table).getByText('08/29/2026')).toBeInTheDocument();
    expect(within(table).getByText('Re-presentment 1')).toBeInTheDocument();
    expect(within(table).getByText('Bank method disabled')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Re-present the/ })).toHaveLength(1);
    expect(screen.getByText('2 returns')).toBeInTheDocument();

    const unauthorized = await screen.findByLabelText('Unauthorised return rate');
    expect(unauthorized).toHaveTextContent('2.5%');
    expect(unauthorized).toHaveTextContent('Over threshold');
    expect(unauthorized).toHaveTextContent('threshold 0.5%');
    expect(screen.getByLabelText('Overall return rate')).toHaveTextContent('Within threshold');
  });

  it('re-presents after asking, with one Idempotency-Key across a lost answer', async () => {
    const keys: Array<string | null> = [];
    let answered = 0;
    server.use(
      http.get('/api/merchants/m-1/ach_returns/', () =>
        HttpResponse.json(
          page(answered > 0 ? [{ ...R01, action: 'represented', action_label: 'Re-presented' }] : [R01]),
        ),
      ),
      http.get('/api/merchants/m-1/ach_returns/rates/', () => HttpResponse.json(RATES)),
      http.post(`/api/merchants/m-1/ach_returns/${R01.id}/represent/`, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        if (keys.length === 1) return HttpResponse.error();
        answered += 1;
        return HttpResponse.json({ id: 'p-new', status: 'PENDING', total_amount: 12_000 }, { status: 201 });
      }),
    );
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Re-present the $120.00 debit of Carla Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-present debit' });
    expect(dialog).toHaveTextContent('re-presentment 1 of 2');
    await user.click(within(dialog).getByRole('button', { name: 'Re-present $120.00' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Re-present $120.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Re-present debit' })).not.toBeInTheDocument());
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await screen.findByText('Re-presented')).toBeInTheDocument();
  });

  it('filters by code', async () => {
    const codes: Array<string | null> = [];
    server.use(
      http.get('/api/merchants/m-1/ach_returns/', ({ request }) => {
        const code = new URL(request.url).searchParams.get('code');
        codes.push(code);
        return HttpResponse.json(page(code === 'R02' ? [R02] : [R01, R02]));
      }),
      http.get('/api/merchants/m-1/ach_returns/rates/', () => HttpResponse.json(RATES)),
    );
    const user = setupUser();
    renderPage();
    await screen.findByRole('table');
    await user.click(screen.getByRole('combobox', { name: 'Return code' }));
    await user.click(await screen.findByRole('option', { name: 'R02 · Account closed' }));
    expect(await screen.findByText('1 return')).toBeInTheDocument();
    expect(codes).toContain('R02');
  });
});
