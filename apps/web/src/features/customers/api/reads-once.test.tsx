import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../../test/server';
import { useCustomer, useCustomers, useRecentlyViewed } from './customers-queries';
import { useAccountTags, useMerchantLocations } from './merchant-options';
import { createQueryClient } from '../../../lib/query-client';

// Issue 16 item 20: each read of a screen is sent once, also when React mounts the screen twice (StrictMode in
// development, a remount before the answer): a read no one waits for any more is not cancelled and sent again.

const EMPTY_PAGE = { count: 0, next: null, previous: null, results: [] };

function Reads() {
  useCustomers('m-1', { page: 1, pageSize: 50, ordering: 'last_name' });
  useMerchantLocations('m-1');
  useAccountTags('m-1');
  useRecentlyViewed('m-1');
  useCustomer('m-1', 'c-1');
  return null;
}

describe('reads on a screen', () => {
  it('sends each read once when the screen mounts twice', async () => {
    const sent = new Map<string, number>();
    server.use(
      http.get('/api/merchants/m-1/*', ({ request }) => {
        const url = new URL(request.url);
        sent.set(url.pathname, (sent.get(url.pathname) ?? 0) + 1);
        return HttpResponse.json(url.pathname.endsWith('recently_viewed/') ? [] : EMPTY_PAGE);
      }),
    );
    render(
      <StrictMode>
        <QueryClientProvider client={createQueryClient()}>
          <Reads />
        </QueryClientProvider>
      </StrictMode>,
    );

    await waitFor(() => expect(sent.size).toBe(5));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Object.fromEntries(sent)).toEqual({
      '/api/merchants/m-1/customers/': 1,
      '/api/merchants/m-1/merchant_locations/': 1,
      '/api/merchants/m-1/account-tags/': 1,
      '/api/merchants/m-1/customers/recently_viewed/': 1,
      '/api/merchants/m-1/customers/c-1/': 1,
    });
  });
});
