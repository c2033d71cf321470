import { screen } from '@testing-library/react';
import { setupUser } from '../../../../test/user';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockIdentityApi, renderApp } from '../../../../test/identity';
import { server } from '../../../../test/server';

describe('/forgot-password', () => {
  it('asks for the email and shows the same neutral confirmation for any address', async () => {
    mockIdentityApi(null);
    const sent: unknown[] = [];
    server.use(
      http.post('/api/password-reset/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ detail: 'If the address has an account, a link is on its way.' });
      }),
    );
    renderApp({ initialEntries: ['/forgot-password'] });

    await setupUser().click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Required')).toBeInTheDocument();

    await setupUser().type(screen.getByLabelText('Email'), 'wrong');
    await setupUser().click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is not valid')).toBeInTheDocument();

    await setupUser().clear(screen.getByLabelText('Email'));
    await setupUser().type(screen.getByLabelText('Email'), ' someone@demo.test ');
    await setupUser().click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'If an account exists for someone@demo.test, we have sent it a link to reset the password.',
    );
    expect(sent).toEqual([{ email: 'someone@demo.test' }]);
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });
});
