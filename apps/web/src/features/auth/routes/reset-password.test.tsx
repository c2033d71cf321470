import { PASSWORD_RULE } from '@paydesk/domain/validation/messages';
import { screen, waitFor } from '@testing-library/react';
import { setupUser } from '../../../../test/user';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockIdentityApi, readLocation, renderApp } from '../../../../test/identity';
import { server } from '../../../../test/server';
import { PASSWORD_RESET_DONE } from './reset-password';

async function openReset() {
  mockIdentityApi(null);
  server.use(
    http.get('/api/password-reset/user-7/tok-123/', () => HttpResponse.json({ detail: 'The link is valid.' })),
  );
  const view = renderApp({ initialEntries: ['/reset-password/user-7/tok-123'] });
  await screen.findByRole('heading', { name: 'Reset your password' });
  return view;
}

async function fill(password: string, confirmation: string) {
  await setupUser().type(screen.getByLabelText('New password'), password);
  await setupUser().type(screen.getByLabelText('Confirm new password'), confirmation);
  await setupUser().click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('/reset-password/:id/:token', () => {
  it('shows the password rule and Passwords do not match before sending', async () => {
    await openReset();

    await fill('short', 'other');

    expect(screen.getByText(PASSWORD_RULE)).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('sets the password with the link id and token, then goes to Login with a success toast', async () => {
    const { router } = await openReset();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/password-reset/confirm/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ detail: 'Password has been reset.' });
      }),
    );

    await fill('New!Pass2026', 'New!Pass2026');

    await waitFor(() => expect(readLocation(router)).toBe('/login'));
    expect(sent).toEqual([
      { id: 'user-7', token: 'tok-123', password: 'New!Pass2026', password_confirmation: 'New!Pass2026' },
    ]);
    expect(await screen.findByText(PASSWORD_RESET_DONE)).toBeInTheDocument();
  });

  it('shows Invalid Token. with a way to ask for a new link', async () => {
    await openReset();
    server.use(
      http.post('/api/password-reset/confirm/', () =>
        HttpResponse.json({ detail: 'Token is invalid', code: 'token.invalid' }, { status: 400 }),
      ),
    );

    await fill('New!Pass2026', 'New!Pass2026');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Token.');
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('puts server field errors on the fields', async () => {
    await openReset();
    server.use(
      http.post('/api/password-reset/confirm/', () =>
        HttpResponse.json({ password_confirmation: ['Passwords do not match'] }, { status: 400 }),
      ),
    );

    await fill('New!Pass2026', 'New!Pass2026');

    expect(await screen.findByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
  });

  it('checks the link as the page opens: a dead one says so at once, without the form', async () => {
    mockIdentityApi(null);
    const checked: string[] = [];
    server.use(
      http.get('/api/password-reset/user-8/used/', ({ request }) => {
        checked.push(new URL(request.url).pathname);
        return HttpResponse.json({ detail: 'Invalid Token.', code: 'token.invalid' }, { status: 400 });
      }),
    );
    renderApp({ initialEntries: ['/reset-password/user-8/used'] });

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Token.');
    expect(checked).toEqual(['/api/password-reset/user-8/used/']);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });
});
