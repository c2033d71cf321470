import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { server } from '../../../../test/server';
import { LOCATIONS, MERCHANT_ID, TAGS, page } from '../test-fixtures';
import { useAccountTags, useMerchantLocations } from './merchant-options';

function Options() {
  const locations = useMerchantLocations(MERCHANT_ID);
  const tags = useAccountTags(MERCHANT_ID);
  return (
    <p>
      {locations.isError ? 'locations failed' : ''}
      {[...(locations.data ?? []), ...(tags.data ?? [])].map((item) => item.name).join(', ') || 'none'}
    </p>
  );
}

describe('merchant options', () => {
  it('reads the locations and tags of the merchant', async () => {
    server.use(
      http.get(`/api/merchants/${MERCHANT_ID}/merchant_locations/`, ({ request }) =>
        new URL(request.url).searchParams.get('page_size') === '1000'
          ? HttpResponse.json(page(LOCATIONS))
          : HttpResponse.json({}, { status: 400 }),
      ),
      http.get(`/api/merchants/${MERCHANT_ID}/account-tags/`, () => HttpResponse.json(page(TAGS))),
    );
    renderWithProviders(<Options />);

    expect(await screen.findByText('Main St, Airport Rd, VIP, Repo Risk')).toBeInTheDocument();
  });
});
