import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { server } from '../../test/server';
import { setupUser } from '../../test/user';
import { accountTagEndpoints } from '@paydesk/domain/tags/tags.contract';
import { api } from '../lib/api-client';
import { QueryState } from './query-state';

function Tags() {
  const tags = useQuery({
    queryKey: ['tags-probe'],
    queryFn: () => api.call(accountTagEndpoints.list, { params: { id: 'm-1' }, query: { page: 1, page_size: 1000 } }),
  });
  if (!tags.isSuccess) {
    return <QueryState error={tags.error} loadingLabel="Loading tags" errorTitle="Tags could not be loaded" />;
  }
  return <p>{tags.data.results.map((tag) => tag.name).join(', ')}</p>;
}

describe('QueryState', () => {
  it('offers Retry after a failure that may pass, and shows the data once it does', async () => {
    let calls = 0;
    server.use(
      http.get('/api/merchants/m-1/account-tags/', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'Server error' }, { status: 503 })
          : HttpResponse.json({
              count: 2,
              next: null,
              previous: null,
              results: [
                { id: 't-1', name: 'VIP' },
                { id: 't-2', name: 'Fleet' },
              ],
            });
      }),
    );
    renderWithProviders(<Tags />);

    expect(await screen.findByText('Tags could not be loaded')).toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('VIP, Fleet')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('does not offer Retry when the answer is final (a refusal)', async () => {
    server.use(
      http.get('/api/merchants/m-1/account-tags/', () => HttpResponse.json({ detail: 'No.' }, { status: 403 })),
    );
    renderWithProviders(<Tags />);

    expect(await screen.findByText('Tags could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
