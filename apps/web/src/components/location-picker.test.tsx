import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { server } from '../../test/server';
import { setupUser } from '../../test/user';
import { LocationPicker } from './location-picker';
import { MerchantAccountPicker } from './merchant-account-picker';

const location = (id: string, name: string) => ({
  id,
  name,
  address_line1: '1 Main St',
  address_line2: '',
  city: 'Hartford',
  state: 'CT',
  postal_code: '06103',
  phone: null,
  timezone: 'America/New_York',
  created: '2026-03-05T12:00:00Z',
});

const account = (id: string, name: string, kind: 'card' | 'ach') => ({
  id,
  name,
  kind,
  location_id: 'l-1',
  location_name: 'Main St',
  processor: 'sandbox',
  processor_merchant_id: 'SBX',
  deposit_routing_number: '021000021',
  deposit_account_last4: '1234',
  rate_bps: 295,
  per_transaction_cents: 30,
  convenience_fee_enabled: false,
  convenience_fee_cents: null,
  status: 'active',
  created: '2026-03-05T12:00:00Z',
});

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

function PickLocation({ onPick }: { onPick: (id: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <LocationPicker
      merchantID="m-1"
      value={value}
      onChange={(next) => {
        setValue(next);
        onPick(next);
      }}
    />
  );
}

describe('LocationPicker', () => {
  it('asks for page 1 of 1000 locations and gives the chosen location’s id', async () => {
    let query = '';
    server.use(
      http.get('/api/merchants/m-1/merchant_locations/', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json(page([location('l-1', 'Airport Rd'), location('l-2', 'Main St')]));
      }),
    );
    const picked: (string | null)[] = [];
    const user = setupUser();
    renderWithProviders(<PickLocation onPick={(id) => picked.push(id)} />);

    await user.click(screen.getByRole('combobox', { name: 'Location' }));
    await user.click(await screen.findByRole('option', { name: 'Main St' }));
    expect(picked).toEqual(['l-2']);
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Main St');
    const params = new URLSearchParams(query);
    expect(params.get('page')).toBe('1');
    expect(params.get('page_size')).toBe('1000');
  });
});

describe('MerchantAccountPicker', () => {
  it('lists the accounts of the location it is given, with their kind', async () => {
    let location: string | null = null;
    server.use(
      http.get('/api/merchants/m-1/merchant_accounts/', ({ request }) => {
        location = new URL(request.url).searchParams.get('location');
        return HttpResponse.json(page([account('a-1', 'Main St cards', 'card'), account('a-2', 'Main St ACH', 'ach')]));
      }),
    );
    const picked: (string | null)[] = [];
    const user = setupUser();
    renderWithProviders(
      <MerchantAccountPicker merchantID="m-1" locationID="l-1" value={null} onChange={(id) => picked.push(id)} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Merchant account' }));
    expect(await screen.findByRole('option', { name: 'Main St cards (Card)' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Main St ACH (ACH (bank))' }));
    expect(picked).toEqual(['a-2']);
    expect(location).toBe('l-1');
  });
});
