import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILES, mockIdentityApi, readLocation, renderApp, storeSession } from '../../../../test/identity';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';

const RESET_LINK = `${window.location.origin}/reset-password/link-1/secret-1`;

const MESSAGES = [
  {
    recipient: 'agent@demo.test',
    channel: 'email',
    subject: 'Reset your Paydesk password',
    body: `Hello Agent,\n\nUse this link within an hour to choose a new Paydesk password:\n${RESET_LINK}\n\nThanks.`,
    created: '2026-03-02T15:04:00.000Z',
  },
  {
    recipient: 'new.user@demo.test',
    channel: 'email',
    subject: 'You are invited to Paydesk',
    body: 'Set your password here:\nhttps://elsewhere.example/partner-signup/a/b',
    created: '2026-03-01T09:00:00.000Z',
  },
];

function openOutbox(as: 'super' | 'admin') {
  mockIdentityApi(PROFILES[as]);
  storeSession(PROFILES[as]);
  server.use(
    http.get('/api/dev/outbox/', () => HttpResponse.json({ results: MESSAGES })),
    http.get('/api/password-reset/link-1/secret-1/', () => HttpResponse.json({ detail: 'The link is valid.' })),
  );
  return renderApp({ initialEntries: ['/outbox'] });
}

describe('/outbox', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('lists the captured messages newest first with recipient, subject, time and body, and is in the navigation', async () => {
    openOutbox('super');

    expect(await screen.findByRole('heading', { name: 'Outbox' })).toBeInTheDocument();
    const articles = await screen.findAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-label'))).toEqual([
      'Reset your Paydesk password',
      'You are invited to Paydesk',
    ]);
    const first = within(articles[0] as HTMLElement);
    expect(first.getByText('To agent@demo.test')).toBeInTheDocument();
    expect(first.getByText(/Use this link within an hour/)).toBeInTheDocument();
    expect(first.getByText('03/02/2026', { exact: false })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Outbox' })).toHaveAttribute('href', '/outbox');
    expect(within(articles[1] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      'https://elsewhere.example/partner-signup/a/b',
    );
  });

  it('follows a link to this app in place', async () => {
    const { router } = openOutbox('super');

    await setupUser().click(await screen.findByRole('link', { name: RESET_LINK }));

    await waitFor(() => expect(readLocation(router)).toBe('/reset-password/link-1/secret-1'));
  });

  it('is for super users only: anyone else goes Home and has no Outbox in the navigation', async () => {
    const { router } = openOutbox('admin');

    await screen.findByRole('heading', { name: `Welcome, ${PROFILES.admin.first_name}` });
    expect(readLocation(router)).toBe('/');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Outbox' })).not.toBeInTheDocument();
  });
});
