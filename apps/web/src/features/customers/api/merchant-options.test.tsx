import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { server } from '../../../../test/server';
import { LOCATIONS, MERCHANT_ID, TAGS, page } from '../test-fixtures';
import { setupUser } from '../../../../test/user';
import { useCreateTag } from '../../settings/api/tags';
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

describe('the tag picker of the customer forms', () => {
  it('shows a tag added in Settings without a reload', async () => {
    const tags = [...TAGS];
    server.use(
      http.get(`/api/merchants/${MERCHANT_ID}/merchant_locations/`, () => HttpResponse.json(page(LOCATIONS))),
      http.get(`/api/merchants/${MERCHANT_ID}/account-tags/`, () => HttpResponse.json(page(tags))),
      http.post(`/api/merchants/${MERCHANT_ID}/account-tags/`, async ({ request }) => {
        const { name } = (await request.json()) as { name: string };
        const created = { ...TAGS[0]!, id: '00000000-0000-4000-8000-0000000000b3', name };
        tags.push(created);
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    function PickerAndSettings() {
      const createTag = useCreateTag(MERCHANT_ID);
      return (
        <>
          <Options />
          <button type="button" onClick={() => createTag.mutate({ name: 'Skip Trace' })}>
            Add tag
          </button>
        </>
      );
    }
    renderWithProviders(<PickerAndSettings />);
    expect(await screen.findByText('Main St, Airport Rd, VIP, Repo Risk')).toBeInTheDocument();

    await setupUser().click(screen.getByRole('button', { name: 'Add tag' }));

    expect(await screen.findByText('Main St, Airport Rd, VIP, Repo Risk, Skip Trace')).toBeInTheDocument();
  });
});
