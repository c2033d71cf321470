import { screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../../../test/user';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILES, mockIdentityApi, readLocation, renderApp, storeSession } from '../../../../test/identity';
import { server } from '../../../../test/server';
import { loadAuthApi } from '../api/auth-api-loader';

const PASSWORD = 'Paydesk!2026';

async function openLogin(path = '/login') {
  const calls = mockIdentityApi(null);
  const view = renderApp({ initialEntries: [path] });
  await screen.findByRole('heading', { name: 'Merchant login' });
  // The auth API loads once the screen has shown (a user cannot submit sooner); wait for it as a user would.
  await loadAuthApi();
  return { ...view, calls };
}

async function logIn(email: string, password = PASSWORD) {
  await setupUser().type(screen.getByLabelText('Email'), email);
  await setupUser().type(screen.getByLabelText('Password'), password);
  await setupUser().click(screen.getByRole('button', { name: 'Login' }));
}

describe('/login', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('has Email and Password fields, a Login button and a Trouble logging in? link', async () => {
    await openLogin();

    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Trouble logging in?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows the validation messages of the spec before calling the API', async () => {
    const { calls } = await openLogin();

    await setupUser().click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);

    await setupUser().type(screen.getByLabelText('Email'), 'not-an-email');
    await setupUser().click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is not valid')).toBeInTheDocument();
    expect(calls.login).toHaveLength(0);
  });

  it('shows the translated error of wrong credentials', async () => {
    const { router } = await openLogin();

    await logIn('staff@demo.test', 'Wrong!2026');

    expect(await screen.findByRole('alert')).toHaveTextContent('No user found with matching credentials.');
    expect(readLocation(router)).toBe('/login');
  });

  it('lists the response error fields and puts them on the fields', async () => {
    await openLogin();
    server.use(
      http.post('/api/token/', () =>
        HttpResponse.json(
          { email: ['Enter a valid email address.'], password: ['Ensure this field has no more than 128 characters.'] },
          { status: 400 },
        ),
      ),
    );

    await logIn('staff@demo.test');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Email: Enter a valid email address.')).toBeInTheDocument();
    expect(within(alert).getByText('Password: Ensure this field has no more than 128 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address.');
  });

  it('shows the detail of a throttled sign-in', async () => {
    await openLogin();
    server.use(
      http.post('/api/token/', () =>
        HttpResponse.json(
          { detail: 'Too many sign-in attempts. Please try again in 15 minutes.', code: 'throttled' },
          { status: 429 },
        ),
      ),
    );

    await logIn('staff@demo.test');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Please try again in 15 minutes.',
    );
  });

  describe('login behaviour', () => {
    it('1. loads the profile and the merchant count with the new token, then 4. goes Home', async () => {
      const { router, calls } = await openLogin();

      await logIn('  staff@demo.test ');

      expect(await screen.findByRole('heading', { name: 'Welcome, Stacy' })).toBeInTheDocument();
      expect(readLocation(router)).toBe('/');
      expect(calls.login).toEqual([{ email: 'staff@demo.test', password: PASSWORD }]);
      expect(calls.profile[0]).toMatch(/^Bearer /);
      expect(calls.merchantCount[0]).toMatch(/^Bearer /);
    });

    it('2. sends a user without roles to the unauthorized page', async () => {
      const { router } = await openLogin();

      await logIn('noroles@demo.test');

      expect(await screen.findByRole('heading', { name: "You don't have access yet" })).toBeInTheDocument();
      expect(readLocation(router)).toBe('/unauthorized');
    });

    it('3. sends users of a legacy-app organisation to the transaction search, whatever next says', async () => {
      const { router } = await openLogin('/login?next=%2Fmerchants');

      await logIn('legacy@demo.test');

      await waitFor(() => expect(readLocation(router)).toBe('/transaction-search'));
    });

    it('4. goes to the next target, query included', async () => {
      const { router } = await openLogin(`/login?next=${encodeURIComponent('/merchants?tab=all')}`);

      await logIn('admin@demo.test');

      await waitFor(() => expect(readLocation(router)).toBe('/merchants?tab=all'));
    });

    it('4. ignores a next target outside the app', async () => {
      const { router } = await openLogin(`/login?next=${encodeURIComponent('//evil.example/steal')}`);

      await logIn('staff@demo.test');

      expect(await screen.findByRole('heading', { name: 'Welcome, Stacy' })).toBeInTheDocument();
      expect(readLocation(router)).toBe('/');
    });

    it('5. sends a signed-in user who opens login Home', async () => {
      mockIdentityApi(PROFILES.staff);
      storeSession(PROFILES.staff);
      const { router } = renderApp({ initialEntries: ['/login'] });

      expect(await screen.findByRole('heading', { name: 'Welcome, Stacy' })).toBeInTheDocument();
      expect(readLocation(router)).toBe('/');
    });
  });
});
