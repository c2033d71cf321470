import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { LocationCreateRoute } from './location-create';

function renderCreate() {
  return renderRoutes(
    [
      { path: '/locations/create', element: <LocationCreateRoute /> },
      { path: '/merchants/:merchantID/locations', element: <h1>Locations list page</h1> },
    ],
    { session: buildSession(buildProfile({ role: 'admin' })), initialEntries: ['/locations/create'] },
  );
}

/** Typing letter by letter is slow on a loaded machine: focus the field and paste the text. */
async function fill(user: ReturnType<typeof setupUser>, name: RegExp | string, text: string) {
  await user.click(screen.getByRole('textbox', { name }));
  await user.paste(text);
}

async function choose(user: ReturnType<typeof setupUser>, name: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('locations: create', () => {
  it('shows the spec’s messages before sending anything', async () => {
    let sent = false;
    server.use(
      http.post('/api/merchants/m-1/merchant_locations/', () => {
        sent = true;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = setupUser();
    renderCreate();
    await fill(user, /^Postal code/, '-0651');
    await fill(user, 'Phone', '555-12');
    await user.click(screen.getByRole('button', { name: 'Create location' }));

    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('textbox', { name: /^City/ })).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('combobox', { name: /^State/ })).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('combobox', { name: /^Time zone/ })).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('textbox', { name: /^Postal code/ })).toHaveAccessibleDescription('Invalid postal code');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription('Phone number is not valid');
    expect(sent).toBe(false);
  }, 40_000);

  it('sends the current merchant’s new location with the phone in E.164, then opens the list', async () => {
    let body: unknown;
    server.use(
      http.post('/api/merchants/m-1/merchant_locations/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 'l-9', created: '2026-03-05T12:00:00Z', ...(body as object) }, { status: 201 });
      }),
    );
    const user = setupUser();
    const { router } = renderCreate();
    await fill(user, /^Name/, ' Harbor ');
    await fill(user, /^Address line 1/, '1 Harbor Way');
    await fill(user, /^City/, 'New Haven');
    await choose(user, /^State/, 'Puerto Rico (PR)');
    await fill(user, /^Postal code/, '00901');
    await fill(user, 'Phone', '(203) 555-0100');
    await choose(user, /^Time zone/, 'Atlantic Time (Puerto Rico)');
    await user.click(screen.getByRole('button', { name: 'Create location' }));

    expect(await screen.findByRole('heading', { name: 'Locations list page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/merchants/m-1/locations');
    expect(screen.getByText('Location Harbor created')).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Harbor',
      address_line1: '1 Harbor Way',
      address_line2: '',
      city: 'New Haven',
      state: 'PR',
      postal_code: '00901',
      phone: '+12035550100',
      timezone: 'America/Puerto_Rico',
    });
  }, 40_000);

  it('puts the server’s duplicate-name message on the name field', async () => {
    server.use(
      http.post('/api/merchants/m-1/merchant_locations/', () =>
        HttpResponse.json({ name: ['A location with this name already exists'] }, { status: 400 }),
      ),
    );
    const user = setupUser();
    renderCreate();
    await fill(user, /^Name/, 'Main St');
    await fill(user, /^Address line 1/, '120 Main St');
    await fill(user, /^City/, 'Hartford');
    await choose(user, /^State/, 'Connecticut (CT)');
    await fill(user, /^Postal code/, '06103');
    await choose(user, /^Time zone/, 'Eastern Time (New York)');
    await user.click(screen.getByRole('button', { name: 'Create location' }));

    expect(await screen.findByText('A location with this name already exists')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
      'A location with this name already exists',
    );
  }, 40_000);
});
