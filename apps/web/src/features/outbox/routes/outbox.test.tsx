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
    metadata: {},
    delivered_at: '2026-03-02T15:04:00.000Z',
  },
  {
    recipient: 'new.user@demo.test',
    channel: 'email',
    subject: 'You are invited to Paydesk',
    body: 'Set your password here:\nhttps://elsewhere.example/partner-signup/a/b',
    created: '2026-03-01T09:00:00.000Z',
    metadata: {},
    delivered_at: '2026-03-01T09:00:00.000Z',
  },
];

const TEXT = {
  recipient: '+15555550123',
  channel: 'sms',
  subject: null,
  body: 'Thank you for your payment of $25.00.',
  created: '2026-03-03T18:30:00.000Z',
  metadata: { from: '+15555550100', media_urls: [] },
  delivered_at: '2026-03-03T18:30:00.000Z',
};

function openOutbox(as: 'super' | 'admin', messages: unknown[] = MESSAGES) {
  mockIdentityApi(PROFILES[as]);
  storeSession(PROFILES[as]);
  server.use(
    http.get('/api/dev/outbox/', () => HttpResponse.json({ results: messages })),
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

  it('lists a text with its to and from numbers, status and time', async () => {
    openOutbox('super', [TEXT, ...MESSAGES]);

    const text = await screen.findByRole('article', { name: 'Text to +15555550123' });
    const item = within(text);
    expect(item.getByText('To +15555550123')).toBeInTheDocument();
    expect(item.getByText('From +15555550100')).toBeInTheDocument();
    expect(item.getByText('Delivered')).toBeInTheDocument();
    expect(item.getByText('Thank you for your payment of $25.00.')).toBeInTheDocument();
    expect(item.getByText('03/03/2026', { exact: false })).toBeInTheDocument();
  });

  it("posts a customer's reply through the inbound route and reads the outbox again", async () => {
    let posted: unknown = null;
    let reads = 0;
    openOutbox('super');
    server.use(
      http.get('/api/dev/outbox/', () => {
        reads += 1;
        return HttpResponse.json({ results: MESSAGES });
      }),
      http.post('/api/dev/outbox/inbound/', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ event_id: 'SMoutbox1' }, { status: 201 });
      }),
    );
    const user = setupUser();
    const form = within(await screen.findByRole('form', { name: 'Post a reply' }));

    await user.type(form.getByRole('textbox', { name: /From number/ }), '+15555550123');
    await user.type(form.getByRole('textbox', { name: /Message/ }), 'STOP');
    const before = reads;
    await user.click(form.getByRole('button', { name: 'Post reply' }));

    await waitFor(() => expect(posted).toEqual({ from: '+15555550123', body: 'STOP' }));
    await waitFor(() => expect(reads).toBeGreaterThan(before));
    expect(form.getByRole('textbox', { name: /Message/ })).toHaveValue('');
  });

  it("shows the server's words next to the field it refused", async () => {
    openOutbox('super');
    server.use(
      http.post('/api/dev/outbox/inbound/', () =>
        HttpResponse.json(
          { to: ['Required: the number is not one of a merchant with a single sending number.'] },
          { status: 400 },
        ),
      ),
    );
    const user = setupUser();
    const form = within(await screen.findByRole('form', { name: 'Post a reply' }));

    await user.type(form.getByRole('textbox', { name: /From number/ }), '+15555550999');
    await user.type(form.getByRole('textbox', { name: /Message/ }), 'Hello');
    await user.click(form.getByRole('button', { name: 'Post reply' }));

    expect(
      await form.findByText('Required: the number is not one of a merchant with a single sending number.'),
    ).toBeInTheDocument();
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
