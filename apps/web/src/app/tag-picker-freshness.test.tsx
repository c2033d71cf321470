import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { server } from '../../test/server';
import { setupUser } from '../../test/user';
import { useAccountTags, useMerchantLocations } from '../features/customers/api/merchant-options';
import { LOCATIONS, MERCHANT_ID, TAGS, page } from '../features/customers/test-fixtures';
import { useCreateTag } from '../features/settings/api/tags';

// Settings and the customer forms read a merchant's tags under one key prefix (lib/query-keys.ts).

function Options() {
  const locations = useMerchantLocations(MERCHANT_ID);
  const tags = useAccountTags(MERCHANT_ID);
  return <p>{[...(locations.data ?? []), ...(tags.data ?? [])].map((item) => item.name).join(', ') || 'none'}</p>;
}

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
