import { screen, waitFor, within } from '@testing-library/react';
import type { ActivityEntry } from '@paydesk/domain/audit/audit.contract';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { describeEntry, SettingsActivityRoute } from './settings-activity';

const AVERY = '11111111-1111-4111-8111-111111111111';
const SAM = '22222222-2222-4222-8222-222222222222';

function entry(overrides: Partial<ActivityEntry>): ActivityEntry {
  return {
    id: crypto.randomUUID(),
    created: '2026-03-05T14:07:00.000Z',
    actor_id: AVERY,
    actor_name: 'Avery Admin',
    kind: 'tag',
    action: 'created',
    subject_id: crypto.randomUUID(),
    subject_label: 'VIP',
    before: null,
    after: { name: 'VIP' },
    ...overrides,
  };
}

const ENTRIES = [
  entry({
    kind: 'tag',
    action: 'updated',
    subject_label: 'Repossession Risk',
    before: { name: 'Repo Risk' },
    after: { name: 'Repossession Risk' },
  }),
  entry({
    actor_id: SAM,
    actor_name: 'Sam Super',
    kind: 'role',
    action: 'updated',
    subject_label: 'Collector',
    before: { role_description: '', max_merchant_payment_amount: 50000, api_key: '••••' },
    after: { role_description: 'Calls', max_merchant_payment_amount: 75000, api_key: '••••' },
  }),
  entry({
    kind: 'user',
    action: 'disabled',
    subject_label: 'staff@demo.test',
    before: { role: 'staff' },
    after: { role: null },
  }),
];

function serveActivity() {
  const requests: URL[] = [];
  server.use(
    http.get('/api/merchants/m-1/', () => HttpResponse.json(buildMerchant())),
    http.get('/api/merchants/m-1/activity/actors/', () =>
      HttpResponse.json({
        results: [
          { id: AVERY, name: 'Avery Admin' },
          { id: SAM, name: 'Sam Super' },
        ],
      }),
    ),
    http.get('/api/merchants/m-1/activity/', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const actor = url.searchParams.get('actor');
      const kind = url.searchParams.get('kind');
      const results = ENTRIES.filter((item) => (!actor || item.actor_id === actor) && (!kind || item.kind === kind));
      return HttpResponse.json({ count: results.length, next: null, previous: null, results });
    }),
  );
  return requests;
}

function renderActivity(initialEntry = '/merchants/m-1/settings/activity') {
  return renderRoutes([{ path: '/merchants/:merchantID/settings/activity', element: <SettingsActivityRoute /> }], {
    session: buildSession(buildProfile({ role: 'admin' })),
    initialEntries: [initialEntry],
  });
}

describe('settings: activity', () => {
  it('reads each entry as who did what to which thing', () => {
    expect(describeEntry(entry({ kind: 'location', action: 'updated', subject_label: 'Main St' }))).toBe(
      'Avery Admin updated Location Main St',
    );
    expect(
      describeEntry(entry({ kind: 'message_template', action: 'disabled', subject_label: 'Friendly reminder' })),
    ).toBe('Avery Admin disabled Message template Friendly reminder');
  });

  it('lists entries with when, who and what, and expands the changed fields before → after', async () => {
    serveActivity();
    const user = setupUser();
    renderActivity();
    expect(await screen.findByText('3 entries')).toBeInTheDocument();
    expect(screen.getByText('Avery Admin updated Tag Repossession Risk')).toBeInTheDocument();
    const row = screen.getByText('Sam Super updated Role Collector').closest('tr')!;
    // MM/DD/YYYY h:mm a, in the merchant's zone (New York): 14:07 UTC is 9:07 AM there.
    expect(within(row).getByText('03/05/2026 9:07 AM')).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Sam Super' })).toBeInTheDocument();

    const show = within(row).getByRole('button', { name: /^Show changes/ });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(within(row).getByRole('button', { name: /^Hide changes/ })).toHaveAttribute('aria-expanded', 'true');
    // The details open with a short transition.
    await waitFor(() => expect(within(row).getByText('— → Calls')).toBeVisible());
    // Amounts stay as recorded (integer cents); secrets stay masked.
    expect(within(row).getByText('50000 → 75000')).toBeVisible();
    expect(within(row).getByText('•••• → ••••')).toBeVisible();
  });

  it('filters by kind and by person, keeping the filters in the URL', async () => {
    const requests = serveActivity();
    const user = setupUser();
    const { router } = renderActivity();
    await screen.findByText('3 entries');

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Tag' }));
    expect(await screen.findByText('1 entry')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?kind=tag');
    expect(requests.at(-1)?.searchParams.get('kind')).toBe('tag');

    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    await user.click(await screen.findByRole('option', { name: 'Sam Super' }));
    expect(await screen.findByText('No activity matches these filters.')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('actor')).toBe(SAM);
    expect(requests.at(-1)?.searchParams.get('actor')).toBe(SAM);
  });

  it('opens with the filters of its URL', async () => {
    const requests = serveActivity();
    renderActivity(`/merchants/m-1/settings/activity?actor=${AVERY}&kind=user`);
    expect(await screen.findByText('1 entry')).toBeInTheDocument();
    expect(screen.getByText('Avery Admin disabled User staff@demo.test')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Person' })).toHaveValue('Avery Admin'));
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('User');
    expect(requests.at(-1)?.searchParams.get('page_size')).toBe('50');
  });
});
