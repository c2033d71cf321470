import type { MessageTemplate } from '@paydesk/domain/message-templates/message-templates.contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { buildTemplate } from '../test-fixtures';
import { MessageTemplateListRoute } from './message-template-list';

const LIST = '/api/merchants/m-1/message_templates/';

const REMINDER = buildTemplate();
const LATE = buildTemplate({ id: '00000000-0000-4000-8000-0000000000a2', name: 'Late notice', delta_days: -1 });
const ADHOC = buildTemplate({
  id: '00000000-0000-4000-8000-0000000000a3',
  name: 'Ad hoc',
  type: 'UNSCHEDULED',
  delta_days: null,
  active: false,
});
const WELCOME = buildTemplate({ id: '00000000-0000-4000-8000-0000000000a4', name: 'Welcome', type: 'WELCOME' });

function serveList(results: MessageTemplate[] = [REMINDER, LATE, ADHOC, WELCOME], count = results.length) {
  const queries: URLSearchParams[] = [];
  const puts: unknown[] = [];
  server.use(
    http.get(LIST, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ count, next: null, previous: null, results });
    }),
    http.put(`${LIST}:tid/`, async ({ request, params }) => {
      const body = (await request.json()) as Partial<MessageTemplate>;
      puts.push(body);
      const current = results.find((template) => template.id === params.tid)!;
      return HttpResponse.json({ ...current, ...body });
    }),
  );
  return { queries, puts };
}

function renderList(path = '/merchants/m-1/message-templates') {
  return renderRoutes(
    [
      { path: '/merchants/:merchantID?/message-templates', element: <MessageTemplateListRoute /> },
      { path: '/merchants/:merchantID/message-templates/:messageTemplateID', element: <h1>Editor</h1> },
    ],
    { session: buildSession(buildProfile({ role: 'staff' })), initialEntries: [path] },
  );
}

function rowOf(name: string) {
  return screen.getByRole('link', { name }).closest('tr')!;
}

describe('message templates: list', () => {
  it('shows name, type, timing in words and the active toggle, 50 a page', async () => {
    const { queries } = serveList();
    renderList();

    expect(await screen.findByRole('link', { name: 'Friendly reminder' })).toHaveAttribute(
      'href',
      `/merchants/m-1/message-templates/${REMINDER.id}`,
    );
    expect(screen.getByRole('heading', { name: 'Templates' })).toBeInTheDocument();
    expect(within(rowOf('Friendly reminder')).getByText('Scheduled')).toBeInTheDocument();
    expect(within(rowOf('Friendly reminder')).getByText('3 days before due date')).toBeInTheDocument();
    expect(within(rowOf('Late notice')).getByText('1 day after due date')).toBeInTheDocument();
    expect(within(rowOf('Ad hoc')).getByText('Unscheduled')).toBeInTheDocument();
    expect(within(rowOf('Ad hoc')).getByText('No automation')).toBeInTheDocument();
    expect(within(rowOf('Welcome')).getByText('Welcome', { selector: 'td, td *:not(a)' })).toBeInTheDocument();
    expect(within(rowOf('Friendly reminder')).getByText('03/06/2026')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Active: Friendly reminder' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Active: Ad hoc' })).not.toBeChecked();
    expect(screen.getByText('4 templates')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Template' })).toHaveAttribute(
      'href',
      '/merchants/m-1/message-templates/create',
    );
    expect(queries.at(-1)?.get('page_size')).toBe('50');
    expect(queries.at(-1)?.get('page')).toBe('1');
  });

  it('toggles active with a PUT of the whole template, active flipped', async () => {
    const { puts } = serveList();
    const user = setupUser();
    renderList();

    await user.click(await screen.findByRole('switch', { name: 'Active: Ad hoc' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      name: 'Ad hoc',
      description: '',
      type: 'UNSCHEDULED',
      delta_days: null,
      message_bodies: [],
      is_visible: true,
      active: true,
    });
  });

  it("disables a system template's toggle, with a tooltip that it must remain active", async () => {
    serveList();
    const user = setupUser();
    renderList();

    const toggle = await screen.findByRole('switch', { name: 'Active: Welcome' });
    expect(toggle).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Active: Friendly reminder' })).toBeEnabled();
    await user.hover(screen.getByTestId(`system-toggle-${WELCOME.id}`));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Auto-generated templates must remain active.');
  });

  it('searches by name once typing pauses, with the search in the URL', async () => {
    const { queries } = serveList();
    const user = setupUser();
    const { router } = renderList();
    await screen.findByRole('link', { name: 'Friendly reminder' });

    await user.type(screen.getByRole('textbox', { name: 'Search templates' }), 'late');

    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('late'), { timeout: 2000 });
    expect(router.state.location.search).toContain('search=late');
  });

  it('pages 50 at a time', async () => {
    const { queries } = serveList([REMINDER], 120);
    const user = setupUser();
    const { router } = renderList();
    await screen.findByRole('link', { name: 'Friendly reminder' });

    await user.click(screen.getByRole('button', { name: '3' }));

    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('3'));
    expect(queries.at(-1)?.get('page_size')).toBe('50');
    expect(router.state.location.search).toContain('page=3');
  });

  it('says when nothing matches the search', async () => {
    serveList([], 0);
    renderList('/merchants/m-1/message-templates?search=zzz');
    expect(await screen.findByText('No templates match “zzz”.')).toBeInTheDocument();
  });
});
