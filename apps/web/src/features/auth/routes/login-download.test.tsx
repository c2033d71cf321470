import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockIdentityApi, readLocation, renderApp } from '../../../../test/identity';
import { setupUser } from '../../../../test/user';

// The auth API (the contracts, zod, the validation rules and the API client) arrives in a chunk of its own; a load of
// it imports ./tokens among others.
const authApi = vi.hoisted(() => ({ loaded: false }));
vi.mock('../api/tokens', async (importOriginal) => {
  authApi.loaded = true;
  return importOriginal();
});

describe('/login download', () => {
  afterEach(() => localStorage.clear());

  it('shows the form without the auth API, loads it as the user starts typing, and signs in with it', async () => {
    const calls = mockIdentityApi(null);
    const { router } = renderApp({ initialEntries: ['/login'] });
    await screen.findByRole('heading', { name: 'Merchant login' });
    // Time for a load started as the screen showed to have begun (it did before: the session started it).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(authApi.loaded).toBe(false);

    await setupUser().type(screen.getByLabelText('Email'), 'admin@demo.test');
    await waitFor(() => expect(authApi.loaded).toBe(true));

    await setupUser().type(screen.getByLabelText('Password'), 'Paydesk!2026');
    await setupUser().click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(readLocation(router)).toBe('/'));
    expect(calls.login).toHaveLength(1);
  });
});
