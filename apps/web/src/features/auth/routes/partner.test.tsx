import { screen, waitFor } from '@testing-library/react';
import { setupUser } from '../../../../test/user';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { PROFILES, issueTokens, mockIdentityApi, readLocation, renderApp } from '../../../../test/identity';
import { server } from '../../../../test/server';

describe('partner registration', () => {
  beforeEach(() => localStorage.clear());

  describe('/partner-signup/:id/:token', () => {
    it('prefills the names, registers with a password and lands signed in', async () => {
      mockIdentityApi(PROFILES.staff);
      const sent: unknown[] = [];
      server.use(
        http.get('/api/partner-signup/u-1/tok/', () =>
          HttpResponse.json({
            email: 'staff@demo.test',
            first_name: 'Stacy',
            last_name: 'Staff',
            merchant_name: 'Demo Motors',
          }),
        ),
        http.post('/api/partner-signup/u-1/tok/', async ({ request }) => {
          sent.push(await request.json());
          return HttpResponse.json(issueTokens(PROFILES.staff));
        }),
      );
      const { router } = renderApp({ initialEntries: ['/partner-signup/u-1/tok'] });

      expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
      expect(screen.getByText('Demo Motors')).toBeInTheDocument();
      expect(screen.getByText('staff@demo.test')).toBeInTheDocument();
      expect(screen.getByLabelText('First name')).toHaveValue('Stacy');
      expect(screen.getByLabelText('Last name')).toHaveValue('Staff');

      await setupUser().type(screen.getByLabelText('Password'), 'Strong!2026');
      await setupUser().type(screen.getByLabelText('Confirm password'), 'Strong!2027');
      await setupUser().click(screen.getByRole('button', { name: 'Create account' }));
      expect(screen.getByText('Passwords do not match')).toBeInTheDocument();

      await setupUser().clear(screen.getByLabelText('Confirm password'));
      await setupUser().type(screen.getByLabelText('Confirm password'), 'Strong!2026');
      await setupUser().click(screen.getByRole('button', { name: 'Create account' }));

      expect(await screen.findByRole('heading', { name: 'Welcome, Stacy' })).toBeInTheDocument();
      expect(readLocation(router)).toBe('/');
      expect(sent).toEqual([
        { first_name: 'Stacy', last_name: 'Staff', password: 'Strong!2026', password_confirmation: 'Strong!2026' },
      ]);
    });

    it('explains an invalid link', async () => {
      mockIdentityApi(null);
      server.use(
        http.get('/api/partner-signup/u-1/bad/', () =>
          HttpResponse.json({ detail: 'Token is invalid', code: 'token.invalid' }, { status: 400 }),
        ),
      );

      renderApp({ initialEntries: ['/partner-signup/u-1/bad'] });

      expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Token.');
      expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    });
  });

  describe('a used invitation link', () => {
    it.each(['partner-invite', 'partner-signup'])('/%s says it was already accepted and offers Login', async (kind) => {
      mockIdentityApi(null);
      server.use(
        http.get(`/api/${kind}/u-3/used/`, () =>
          HttpResponse.json(
            {
              detail: 'This invitation has already been accepted. Log in to continue.',
              code: 'invitation.accepted',
            },
            { status: 400 },
          ),
        ),
      );

      const { router } = renderApp({ initialEntries: [`/${kind}/u-3/used`] });

      expect(await screen.findByRole('heading', { name: 'Invitation already accepted' })).toBeInTheDocument();
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
      await setupUser().click(screen.getByRole('link', { name: 'Login' }));
      await waitFor(() => expect(readLocation(router)).toBe('/login'));
    });
  });

  describe('/partner-invite/:id/:token', () => {
    it('shows the merchant, asks for the existing password and lands signed in', async () => {
      mockIdentityApi(PROFILES.admin);
      server.use(
        http.get('/api/partner-invite/u-2/tok/', () =>
          HttpResponse.json({ email: 'admin@demo.test', merchant_name: 'Integrated Auto' }),
        ),
        http.post('/api/partner-invite/u-2/tok/', async ({ request }) => {
          const { password } = (await request.json()) as { password: string };
          return password === 'Paydesk!2026'
            ? HttpResponse.json(issueTokens(PROFILES.admin))
            : HttpResponse.json(
                { detail: 'No user found with matching credentials.', code: 'user.not_found' },
                { status: 400 },
              );
        }),
      );
      const { router } = renderApp({ initialEntries: ['/partner-invite/u-2/tok'] });

      expect(await screen.findByRole('heading', { name: 'Join Integrated Auto' })).toBeInTheDocument();
      await setupUser().type(screen.getByLabelText('Password'), 'wrong');
      await setupUser().click(screen.getByRole('button', { name: 'Accept invitation' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('No user found with matching credentials.');

      await setupUser().clear(screen.getByLabelText('Password'));
      await setupUser().type(screen.getByLabelText('Password'), 'Paydesk!2026');
      await setupUser().click(screen.getByRole('button', { name: 'Accept invitation' }));

      await waitFor(() => expect(readLocation(router)).toBe('/'));
      expect(await screen.findByRole('heading', { name: 'Welcome, Avery' })).toBeInTheDocument();
    });
  });
});
