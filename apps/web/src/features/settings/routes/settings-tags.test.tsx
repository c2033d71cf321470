import { screen, waitFor, within } from '@testing-library/react';
import type { AccountTag } from '@paydesk/domain/tags/tags.contract';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { SettingsTagsRoute } from './settings-tags';

const tag = (id: string, name: string): AccountTag => ({ id, name, created: '2026-03-05T12:00:00.000Z' });

/** A small in-memory tags API for the merchant m-1; gives what each request asked for. */
function serveTags(initial = [tag('t-1', 'Bankruptcy'), tag('t-2', 'Repo Risk'), tag('t-3', 'VIP')]) {
  let tags = [...initial];
  const requests: { method: string; url: URL; body?: unknown }[] = [];
  server.use(
    http.get('/api/merchants/m-1/', () => HttpResponse.json(buildMerchant())),
    http.get('/api/merchants/m-1/account-tags/', ({ request }) => {
      const url = new URL(request.url);
      requests.push({ method: 'GET', url });
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const results = tags
        .filter((t) => t.name.toLowerCase().includes(search))
        .sort((a, b) => a.name.localeCompare(b.name));
      return HttpResponse.json({ count: results.length, next: null, previous: null, results });
    }),
    http.post('/api/merchants/m-1/account-tags/', async ({ request }) => {
      const body = (await request.json()) as { name: string };
      requests.push({ method: 'POST', url: new URL(request.url), body });
      if (tags.some((t) => t.name.toLowerCase() === body.name.toLowerCase()))
        return HttpResponse.json({ name: ['A tag with this name already exists'] }, { status: 400 });
      const created = tag(`t-${tags.length + 10}`, body.name);
      tags.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('/api/merchants/m-1/account-tags/:tagId/', async ({ request, params }) => {
      const body = (await request.json()) as { name: string };
      requests.push({ method: 'PUT', url: new URL(request.url), body });
      tags = tags.map((t) => (t.id === params.tagId ? { ...t, name: body.name } : t));
      return HttpResponse.json(tags.find((t) => t.id === params.tagId));
    }),
    http.delete('/api/merchants/m-1/account-tags/:tagId/', ({ request, params }) => {
      requests.push({ method: 'DELETE', url: new URL(request.url) });
      tags = tags.filter((t) => t.id !== params.tagId);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return requests;
}

function renderTags() {
  return renderRoutes([{ path: '/merchants/:merchantID/settings/tags', element: <SettingsTagsRoute /> }], {
    session: buildSession(buildProfile({ role: 'admin' })),
    initialEntries: ['/merchants/m-1/settings/tags'],
  });
}

describe('settings: tags', () => {
  it('lists the merchant’s tags with their created date', async () => {
    serveTags();
    renderTags();
    expect(await screen.findByText('3 tags')).toBeInTheDocument();
    const row = screen.getByRole('cell', { name: 'VIP' }).closest('tr')!;
    expect(within(row).getByText('03/05/2026')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Rename VIP' })).toBeInTheDocument();
  });

  it('adds a tag, checking the name first and showing the server’s duplicate message on the field', async () => {
    const requests = serveTags();
    const user = setupUser();
    renderTags();
    await user.click(await screen.findByRole('button', { name: 'Add tag' }));
    const dialog = screen.getByRole('dialog', { name: 'Add tag' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    expect(name).toHaveAccessibleDescription('Required');

    await user.type(name, 'vip');
    await user.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('A tag with this name already exists'));

    await user.clear(name);
    await user.type(name, '  Hardship  ');
    await user.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText('Tag Hardship added')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Hardship' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { name: 'vip' },
      { name: 'Hardship' },
    ]);
  });

  it('renames a tag', async () => {
    const requests = serveTags();
    const user = setupUser();
    renderTags();
    await user.click(await screen.findByRole('button', { name: 'Rename Repo Risk' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename tag' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Repo Risk');
    await user.clear(name);
    await user.type(name, 'Repossession Risk');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Tag renamed to Repossession Risk')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Repossession Risk' })).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/merchants/m-1/account-tags/t-2/');
    expect(put?.body).toEqual({ name: 'Repossession Risk' });
  });

  it('removes a tag after asking', async () => {
    const requests = serveTags();
    const user = setupUser();
    renderTags();
    await user.click(await screen.findByRole('button', { name: 'Remove VIP' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove tag?' });
    expect(dialog).toHaveTextContent('Are you sure you would like to remove VIP?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove tag' }));
    expect(await screen.findByText('Tag VIP removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'VIP' })).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([
      '/api/merchants/m-1/account-tags/t-3/',
    ]);
  });

  it('searches by name, keeping the search in the URL', async () => {
    const requests = serveTags();
    const user = setupUser();
    const { router } = renderTags();
    await screen.findByText('3 tags');
    await user.type(screen.getByRole('textbox', { name: 'Search tags' }), 'risk');
    expect(await screen.findByText('1 tag')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=risk');
    expect(requests.at(-1)?.url.searchParams.get('search')).toBe('risk');
  });
});
