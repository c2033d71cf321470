import { screen, waitFor } from '@testing-library/react';
import type { Profile } from '@paydesk/domain/profile/profile.contract';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILES, mockIdentityApi, readLocation, renderApp, storeSession } from '../../../../test/identity';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';

/** The staff user signed in, with a server that keeps their name and checks their current password. */
function signInAsStaff() {
  let current: Profile = { ...PROFILES.staff };
  const passwordBodies: unknown[] = [];
  mockIdentityApi(current);
  storeSession(current);
  server.use(
    http.get('/api/profile/', () => HttpResponse.json({ count: 1, next: null, previous: null, results: [current] })),
    http.patch('/api/profile/', async ({ request }) => {
      const body = (await request.json()) as { first_name: string; last_name: string };
      current = { ...current, first_name: body.first_name.trim(), last_name: body.last_name.trim() };
      return HttpResponse.json(current);
    }),
    http.post('/api/profile/password/', async ({ request }) => {
      const body = (await request.json()) as { current_password: string; new_password: string };
      passwordBodies.push(body);
      if (body.current_password !== 'Paydesk!2026') {
        return HttpResponse.json({ current_password: ['Your current password is not correct.'] }, { status: 400 });
      }
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { passwordBodies };
}

describe('/profile (My profile)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('opens from the user menu', async () => {
    signInAsStaff();
    const { router } = renderApp({ initialEntries: ['/'] });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'User menu of Stacy Staff' }));
    await user.click(await screen.findByRole('menuitem', { name: 'My profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeInTheDocument();
    expect(readLocation(router)).toBe('/profile');
  });

  it('saves the name, says so, and shows it in the user menu', async () => {
    signInAsStaff();
    renderApp({ initialEntries: ['/profile'] });
    const user = setupUser();
    const first = await screen.findByRole('textbox', { name: /First name/ });
    expect(first).toHaveValue('Stacy');
    await user.clear(first);
    await user.type(first, 'Ada');
    await user.clear(screen.getByRole('textbox', { name: /Last name/ }));
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Your name has been saved')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'User menu of Ada Lovelace' })).toBeInTheDocument();
  });

  it('refuses a blank name on the field and moves focus to it', async () => {
    signInAsStaff();
    renderApp({ initialEntries: ['/profile'] });
    const user = setupUser();
    const first = await screen.findByRole('textbox', { name: /First name/ });
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await waitFor(() => expect(first).toHaveFocus());
  });

  it('changes the password, and shows a wrong current password and a mismatch on their fields', async () => {
    const { passwordBodies } = signInAsStaff();
    renderApp({ initialEntries: ['/profile'] });
    const user = setupUser();
    const current = await screen.findByLabelText(/Current password/);
    const next = screen.getByLabelText(/^New password/);
    const confirm = screen.getByLabelText(/Confirm new password/);

    await user.type(current, 'Wrong!2026');
    await user.type(next, 'Fresh!Pass2026');
    await user.type(confirm, 'Fresh!Pass2027');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(passwordBodies).toEqual([]);

    await user.clear(confirm);
    await user.type(confirm, 'Fresh!Pass2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(current).toHaveFocus());

    await user.clear(current);
    await user.type(current, 'Paydesk!2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Your password has been changed. Your other sign-ins have been signed out.'),
    ).toBeInTheDocument();
    expect(passwordBodies.at(-1)).toEqual({ current_password: 'Paydesk!2026', new_password: 'Fresh!Pass2026' });
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
  });
});
