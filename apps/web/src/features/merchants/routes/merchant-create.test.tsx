import { screen, within } from '@testing-library/react';
import { setupUser } from '../../../../test/user';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { MerchantCreateRoute } from './merchant-create';

function renderCreate({ isSuperUser = true } = {}) {
  const session = buildSession(buildProfile({ isSuperUser, accessRoles: ['super_admin'] }));
  return renderRoutes(
    [
      { path: '/merchants/create', element: <MerchantCreateRoute /> },
      { path: '/merchants', element: <h1>Merchant list page</h1> },
      { path: '/merchants/:merchantID', element: <h1>Merchant detail page</h1> },
    ],
    { session, initialEntries: ['/merchants/create'] },
  );
}

const FREE_CODES = ['845123000021', '845123000038'];

describe('create merchant', () => {
  beforeEach(() => {
    server.use(
      http.get('/api/merchants/available_upc/', () =>
        HttpResponse.json({
          count: FREE_CODES.length,
          next: null,
          previous: null,
          results: FREE_CODES.map((code) => ({ code })),
        }),
      ),
    );
  });

  it('gives the merchant the payment code picked from the free ones', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post('/api/merchants/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(buildMerchant({ id: 'm-9', name: 'Coded Auto', upc: FREE_CODES[1] }), {
          status: 201,
        });
      }),
    );
    const user = setupUser();
    renderCreate();

    await user.click(screen.getByRole('textbox', { name: /^Name/ }));
    await user.paste('Coded Auto');
    await user.click(screen.getByRole('combobox', { name: /^Payment code/ }));
    await user.click(await screen.findByRole('option', { name: '845123000038' }));
    await user.click(screen.getByRole('button', { name: 'Create merchant' }));

    expect(await screen.findByRole('heading', { name: 'Merchant detail page' })).toBeInTheDocument();
    expect(body).toMatchObject({ name: 'Coded Auto', upc: '845123000038' });
  }, 60_000);

  it('sends a user who is not a super user back to the list', async () => {
    const { router } = renderCreate({ isSuperUser: false });
    expect(await screen.findByRole('heading', { name: 'Merchant list page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/merchants');
  });

  it('shows Required and Must be a valid URL before sending anything', async () => {
    const user = setupUser();
    renderCreate();

    await user.click(screen.getByRole('radio', { name: 'A new organization' }));
    await user.type(screen.getByRole('textbox', { name: 'Logo URL' }), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Create merchant' }));

    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('textbox', { name: /^Organization name/ })).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('textbox', { name: 'Logo URL' })).toHaveAccessibleDescription('Must be a valid URL');
  });

  it("creates the merchant in the user's organization and opens it with a toast", async () => {
    let body: unknown;
    server.use(
      http.post('/api/merchants/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(buildMerchant({ id: 'm-9', name: 'Lakeside Auto' }), { status: 201 });
      }),
    );
    const user = setupUser();
    const { router } = renderCreate();

    expect(screen.getByRole('radio', { name: 'My organization (Demo Auto Group)' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), '  Lakeside Auto ');
    await user.type(screen.getByRole('textbox', { name: 'Logo URL' }), 'https://cdn.example.com/lakeside.png');
    await user.click(screen.getByRole('switch', { name: /Group messages/ }));
    await user.click(screen.getByRole('button', { name: 'Create merchant' }));

    expect(await screen.findByRole('heading', { name: 'Merchant detail page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/merchants/m-9');
    expect(screen.getByText('Merchant Lakeside Auto created')).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Lakeside Auto',
      logo: 'https://cdn.example.com/lakeside.png',
      organization_id: 'org-1',
      in_legacy_app: false,
      check_custom_roles: false,
      allow_group_message: true,
      is_integrated: false,
    });
  });

  it('creates a new organization by name and shows server field errors on the fields', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/merchants/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ name: ['A merchant with this name already exists.'] }, { status: 400 });
      }),
    );
    const user = setupUser();
    renderCreate();

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Demo Motors');
    await user.click(screen.getByRole('radio', { name: 'A new organization' }));
    await user.type(screen.getByRole('textbox', { name: /^Organization name/ }), 'Northwind Group');
    await user.click(screen.getByRole('button', { name: 'Create merchant' }));

    expect(await screen.findByText('A merchant with this name already exists.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
      'A merchant with this name already exists.',
    );
    expect(bodies).toEqual([expect.objectContaining({ name: 'Demo Motors', organization_name: 'Northwind Group' })]);
    expect(bodies[0]).not.toHaveProperty('organization_id');
  });

  it('accepts a logo served from localhost or an IP address, with a port', async () => {
    let body: { logo?: unknown } = {};
    server.use(
      http.post('/api/merchants/', async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json(buildMerchant({ id: 'm-9', name: 'Lakeside Auto' }), { status: 201 });
      }),
    );
    const user = setupUser();
    renderCreate();

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Lakeside Auto');
    await user.type(screen.getByRole('textbox', { name: 'Logo URL' }), 'http://localhost:3000/logo.png');
    await user.click(screen.getByRole('button', { name: 'Create merchant' }));

    expect(await screen.findByRole('heading', { name: 'Merchant detail page' })).toBeInTheDocument();
    expect(body.logo).toBe('http://localhost:3000/logo.png');
  });

  it('keeps the logo preview beside the input, with the URL error below them both', async () => {
    const user = setupUser();
    renderCreate();

    await user.type(screen.getByRole('textbox', { name: 'Logo URL' }), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Create merchant' }));

    const row = screen.getByTestId('logo-row');
    expect(within(row).getByRole('textbox', { name: 'Logo URL' })).toBeInTheDocument();
    expect(within(row).getByLabelText('Merchant logo')).toBeInTheDocument();
    const error = screen.getByText('Must be a valid URL');
    expect(row).not.toContainElement(error);
    expect(row.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
