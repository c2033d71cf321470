import type { MessageTemplate } from '@paydesk/domain/message-templates/message-templates.contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { fillIn, setupUser } from '../../../../test/user';
import { buildTemplate } from '../test-fixtures';
import { MessageTemplateEditRoute } from './message-template-edit';
import { MessageTemplateEditorRoute } from './message-template-editor';
import { MessageTemplateEmailRoute } from './message-template-email';
import { MessageTemplateTextRoute } from './message-template-text';

const LIST = '/api/merchants/m-1/message_templates/';
const PAGE = '/merchants/m-1/message-templates';
const NEW_ID = '00000000-0000-4000-8000-0000000000b1';
const EXISTING = buildTemplate({ delta_days: -3 });

type Saved = { method: string; body: Record<string, unknown> };

function serve({ fail }: { fail?: { status: number; body: Record<string, unknown> } } = {}) {
  const saves: Saved[] = [];
  const respond = async (method: string, request: Request, id: string) => {
    const body = (await request.json()) as Record<string, unknown>;
    saves.push({ method, body });
    if (fail) return HttpResponse.json(fail.body, { status: fail.status });
    const bodies = body.message_bodies as MessageTemplate['message_bodies'];
    const saved = buildTemplate({
      ...(body as Partial<MessageTemplate>),
      id,
      sms_body: bodies[0]?.message_body ?? '',
      message_bodies: bodies,
    });
    if (method === 'POST') created = saved;
    return HttpResponse.json(saved, { status: method === 'POST' ? 201 : 200 });
  };
  let created: MessageTemplate | undefined;
  server.use(
    http.get(`${LIST}${EXISTING.id}/`, () => HttpResponse.json(EXISTING)),
    // The new template, read again once the list's queries are invalidated.
    http.get(`${LIST}${NEW_ID}/`, () => HttpResponse.json(created)),
    http.post(LIST, ({ request }) => respond('POST', request, NEW_ID)),
    http.put(`${LIST}:tid/`, ({ request, params }) => respond('PUT', request, String(params.tid))),
  );
  return saves;
}

function renderEditor(path: string) {
  return renderRoutes(
    [
      { path: '/merchants/:merchantID?/message-templates', element: <h1>Template list</h1> },
      {
        path: '/merchants/:merchantID/message-templates/:messageTemplateID',
        element: <MessageTemplateEditorRoute />,
        children: [
          { index: true, element: <MessageTemplateEditRoute /> },
          { path: 'text', element: <MessageTemplateTextRoute /> },
          { path: 'email', element: <MessageTemplateEmailRoute /> },
        ],
      },
    ],
    { session: buildSession(buildProfile({ role: 'staff' })), initialEntries: [path] },
  );
}

async function chooseTiming(user: ReturnType<typeof setupUser>, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Timing' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('message templates: editor', () => {
  it('creates a template: 3 days before due date stores delta_days 3, then opens the new id', async () => {
    const saves = serve();
    const user = setupUser();
    const { router } = renderEditor(`${PAGE}/create`);

    expect(await screen.findByRole('heading', { name: 'Create Template' })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    // SPEC §5: no text body, no Save.
    expect(save).toBeDisabled();

    await fillIn(user, screen.getByRole('textbox', { name: /^Name/ }), 'Three days out');
    expect(screen.queryByRole('textbox', { name: 'Days' })).not.toBeInTheDocument();
    expect(screen.getByText('Unscheduled')).toBeInTheDocument();
    await chooseTiming(user, 'Before due date');
    // SPEC §4: before with no days keeps it empty; the type follows the timing.
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    await fillIn(user, screen.getByRole('textbox', { name: 'Days' }), '3');

    await user.click(screen.getByRole('tab', { name: 'Text' }));
    expect(router.state.location.pathname).toBe(`${PAGE}/create/text`);
    // Moving between the editor's tabs is not leaving the page.
    expect(screen.queryByRole('dialog', { name: 'Leave Page?' })).not.toBeInTheDocument();
    await fillIn(
      user,
      screen.getByRole('textbox', { name: 'Text message' }),
      'Hi {{first_name}}. Reply STOP to opt out.',
    );
    expect(save).toBeEnabled();
    await user.click(save);

    await waitFor(() => expect(router.state.location.pathname).toBe(`${PAGE}/${NEW_ID}/text`));
    expect(saves).toEqual([
      {
        method: 'POST',
        body: {
          name: 'Three days out',
          type: 'SCHEDULED',
          delta_days: 3,
          message_bodies: [
            { language: 'en-US', body_type: 'TEXT', message_body: 'Hi {{first_name}}. Reply STOP to opt out.' },
            { language: 'en-US', body_type: 'EMAIL', message_body: 'Hi {{first_name}}. Reply STOP to opt out.' },
          ],
        },
      },
    ]);
    expect(await screen.findByText('Template saved!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Templates > Edit Template' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Leave Page?' })).not.toBeInTheDocument();
  });

  it('edits: shows the absolute days, stores days × the sign, and follows the timing rules', async () => {
    const saves = serve();
    const user = setupUser();
    renderEditor(`${PAGE}/${EXISTING.id}`);

    expect(await screen.findByRole('heading', { name: 'Templates > Edit Template' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Friendly reminder');
    expect(screen.getByRole('combobox', { name: 'Timing' })).toHaveValue('After due date');
    expect(screen.getByRole('textbox', { name: 'Days' })).toHaveValue('3');

    await chooseTiming(user, 'Before due date');
    expect(screen.getByRole('textbox', { name: 'Days' })).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ method: 'PUT', body: { delta_days: 3, type: 'SCHEDULED' } });
    expect(await screen.findByText('Template saved!')).toBeInTheDocument();

    // On due date forces 0 days; before or after from 0 sets 1; no automation clears the days.
    await chooseTiming(user, 'On due date');
    expect(screen.getByRole('textbox', { name: 'Days' })).toHaveValue('0');
    expect(screen.getByRole('textbox', { name: 'Days' })).toBeDisabled();
    await chooseTiming(user, 'After due date');
    expect(screen.getByRole('textbox', { name: 'Days' })).toHaveValue('1');
    await chooseTiming(user, 'No automation');
    expect(screen.queryByRole('textbox', { name: 'Days' })).not.toBeInTheDocument();
    expect(screen.getByText('Unscheduled')).toBeInTheDocument();
    await chooseTiming(user, 'After due date');
    await fillIn(user, screen.getByRole('textbox', { name: 'Days' }), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toMatchObject({
      method: 'PUT',
      body: { delta_days: -3, type: 'SCHEDULED', description: '', active: true, is_visible: true },
    });
  });

  it('keeps a system type whatever the timing', async () => {
    server.use(
      http.get(`${LIST}${EXISTING.id}/`, () => HttpResponse.json({ ...EXISTING, type: 'WELCOME', delta_days: null })),
    );
    const user = setupUser();
    renderEditor(`${PAGE}/${EXISTING.id}`);
    expect(await screen.findByText('Welcome')).toBeInTheDocument();
    await chooseTiming(user, 'Before due date');
    expect(screen.getByText('Welcome')).toBeInTheDocument();
  });

  it('Cancel returns to the list; with a draft it asks "Leave Page?" first, and declining stays', async () => {
    serve();
    const user = setupUser();
    const { router } = renderEditor(`${PAGE}/${EXISTING.id}`);

    await user.click(await screen.findByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Template list' })).toBeInTheDocument();

    await router.navigate(`${PAGE}/${EXISTING.id}`);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await fillIn(user, name, 'Changed');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Page?' });
    expect(dialog).toHaveTextContent('Changes you made may not be saved.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave Page?' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`${PAGE}/${EXISTING.id}`);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Changed');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave Page?' })).getByRole('button', { name: 'Leave' }),
    );
    expect(await screen.findByRole('heading', { name: 'Template list' })).toBeInTheDocument();
  });

  it('counts the text to 300 and turns the counter red above 290', async () => {
    serve();
    renderEditor(`${PAGE}/${EXISTING.id}/text`);
    const body = await screen.findByRole('textbox', { name: 'Text message' });
    const counter = screen.getByTestId('template-counter');
    expect(counter).toHaveTextContent(`${EXISTING.sms_body.length}/300`);

    fireEvent.change(body, { target: { value: 'a'.repeat(290) } });
    expect(counter).toHaveTextContent('290/300');
    expect(counter).not.toHaveStyle({ color: 'var(--mantine-color-red-text)' });
    expect(counter.getAttribute('style') ?? '').not.toContain('red');

    fireEvent.change(body, { target: { value: 'a'.repeat(291) } });
    expect(counter).toHaveTextContent('291/300');
    expect(counter.getAttribute('style') ?? '').toContain('red');

    fireEvent.change(body, { target: { value: '   ' } });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("puts the server's field errors on the fields, and keeps the draft", async () => {
    const saves = serve({
      fail: { status: 400, body: { name: ['Existing template name'], delta_days: ['Must be a whole number'] } },
    });
    const user = setupUser();
    const { router } = renderEditor(`${PAGE}/${EXISTING.id}`);

    await fillIn(user, await screen.findByRole('textbox', { name: /^Name/ }), 'Taken');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(await screen.findByText('Existing template name')).toBeInTheDocument();
    expect(screen.getByText('Must be a whole number')).toBeInTheDocument();
    expect(screen.queryByText('Template saved!')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Leave Page?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${PAGE}/${EXISTING.id}`);
  });

  it('shows a text error from the details tab on the text tab', async () => {
    serve({ fail: { status: 400, body: { message_bodies: ['Unknown merge field {{nope}}'] } } });
    const user = setupUser();
    const { router } = renderEditor(`${PAGE}/${EXISTING.id}`);

    await fillIn(user, await screen.findByRole('textbox', { name: /^Name/ }), 'Other');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Unknown merge field {{nope}}')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${PAGE}/${EXISTING.id}/text`);
  });

  it('shows a schedule clash on the days', async () => {
    serve({
      fail: {
        status: 409,
        body: { code: 'template.schedule_clash', detail: 'A template already exists for the chosen days.' },
      },
    });
    const user = setupUser();
    renderEditor(`${PAGE}/${EXISTING.id}`);
    await fillIn(user, await screen.findByRole('textbox', { name: 'Days' }), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A template already exists for the chosen days.')).toBeInTheDocument();
  });

  it('previews the draft, unsaved, with a random customer and with a chosen customer and account', async () => {
    serve();
    const previews: unknown[] = [];
    const customerSearches: (string | null)[] = [];
    server.use(
      http.post(`${LIST}random_render/`, async ({ request }) => {
        const body = (await request.json()) as { message_template_body: string; type: string };
        return HttpResponse.json({
          rendered_body: body.message_template_body.replace('{{first_name}}', 'Rita'),
          customer: { id: '00000000-0000-4000-8000-0000000000c1', first_name: 'Rita', last_name: 'Random' },
        });
      }),
      http.get('/api/merchants/m-1/customers/', ({ request }) => {
        customerSearches.push(new URL(request.url).searchParams.get('search'));
        return HttpResponse.json({
          count: 1,
          next: null,
          previous: null,
          results: [
            {
              id: '00000000-0000-4000-8000-0000000000c2',
              merchant: { id: 'm-1', name: 'Demo Motors' },
              first_name: 'Carla',
              last_name: 'Customer',
              email: null,
              sms_phone_number: null,
              external_id: 'A-100',
              location: { id: 'l-1', name: 'Main St' },
              accounts: [
                {
                  id: '00000000-0000-4000-8000-0000000000d1',
                  external_id: 'A-100',
                  role: 'PRIMARY',
                  status: 'ACTIVE',
                  amount_due_cents: 12000,
                  due_date: '2026-04-01',
                  autopay: false,
                },
              ],
              tags: [],
              text_opt_in: true,
              email_opt_in: true,
              created: '2026-03-05T12:00:00.000Z',
            },
          ],
        });
      }),
      http.post(`${LIST}preview/`, async ({ request }) => {
        const body = (await request.json()) as { message_template_body: string };
        previews.push(body);
        return HttpResponse.json({
          rendered_body: body.message_template_body
            .replace('{{first_name}}', 'Carla')
            .replace('{{payment_link}}', 'https://paydesk.test/pay/sample-link-for-preview-only-not-for-paying'),
          customer: { id: '00000000-0000-4000-8000-0000000000c2', first_name: 'Carla', last_name: 'Customer' },
        });
      }),
      // The saved template is never rendered for the preview: its body is not what is being edited.
      http.post(`${LIST}:tid/render/`, () => HttpResponse.json({ detail: 'not expected' }, { status: 500 })),
    );
    const user = setupUser();
    const { router } = renderEditor(`${PAGE}/${EXISTING.id}`);

    await user.click(await screen.findByRole('button', { name: 'Preview with a random customer' }));
    expect(await screen.findByText('For Rita Random')).toBeInTheDocument();
    expect(screen.getByTestId('template-preview-text')).toHaveTextContent('Hi Rita, your payment is due soon.');

    await user.click(screen.getByRole('combobox', { name: 'Preview for a customer' }));
    await user.click(await screen.findByRole('option', { name: 'Carla Customer · A-100' }));
    expect(await screen.findByText('For Carla Customer · A-100')).toBeInTheDocument();
    expect(screen.getByTestId('template-preview-text')).toHaveTextContent('Hi Carla, your payment is due soon.');

    // An unsaved change shows in the chosen customer's preview at once, payment link as a sample.
    await user.click(screen.getByRole('tab', { name: 'Text' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${PAGE}/${EXISTING.id}/text`));
    await user.clear(screen.getByRole('textbox', { name: 'Text message' }));
    await fillIn(
      user,
      screen.getByRole('textbox', { name: 'Text message' }),
      'Pay now {{first_name}}: {{payment_link}}',
    );
    await waitFor(() =>
      expect(screen.getByTestId('template-preview-text')).toHaveTextContent(
        'Pay now Carla: https://paydesk.test/pay/sample-link-for-preview-only-not-for-paying',
      ),
    );
    expect(
      screen.getByText('The payment link shown is a sample: each message sent gets its own new link.'),
    ).toBeInTheDocument();
    const chosen = {
      customer: '00000000-0000-4000-8000-0000000000c2',
      account: '00000000-0000-4000-8000-0000000000d1',
    };
    expect(previews).toEqual(
      expect.arrayContaining([
        { ...chosen, message_template_body: 'Pay now {{first_name}}: {{payment_link}}', type: 'TEXT' },
        { ...chosen, message_template_body: 'Pay now {{first_name}}: {{payment_link}}', type: 'EMAIL' },
      ]),
    );
  });

  it('previews a new template’s draft for a chosen customer before it is ever saved', async () => {
    serve();
    server.use(
      http.get('/api/merchants/m-1/customers/', () =>
        HttpResponse.json({
          count: 1,
          next: null,
          previous: null,
          results: [
            {
              id: '00000000-0000-4000-8000-0000000000c3',
              merchant: { id: 'm-1', name: 'Demo Motors' },
              first_name: 'Nia',
              last_name: 'New',
              email: null,
              sms_phone_number: null,
              external_id: 'B-7',
              location: { id: 'l-1', name: 'Main St' },
              accounts: [
                {
                  id: '00000000-0000-4000-8000-0000000000d3',
                  external_id: 'B-7',
                  role: 'PRIMARY',
                  status: 'ACTIVE',
                  amount_due_cents: 500,
                  due_date: null,
                  autopay: false,
                },
              ],
              tags: [],
              text_opt_in: true,
              email_opt_in: true,
              created: '2026-03-05T12:00:00.000Z',
            },
          ],
        }),
      ),
      http.post(`${LIST}preview/`, async ({ request }) => {
        const body = (await request.json()) as { message_template_body: string };
        return HttpResponse.json({
          rendered_body: body.message_template_body.replace('{{first_name}}', 'Nia'),
          customer: { id: '00000000-0000-4000-8000-0000000000c3', first_name: 'Nia', last_name: 'New' },
        });
      }),
    );
    const user = setupUser();
    renderEditor(`${PAGE}/create/text`);
    await fillIn(user, await screen.findByRole('textbox', { name: 'Text message' }), 'Welcome {{first_name}}');
    await user.click(screen.getByRole('combobox', { name: 'Preview for a customer' }));
    await user.click(await screen.findByRole('option', { name: 'Nia New · B-7' }));
    await waitFor(() => expect(screen.getByTestId('template-preview-text')).toHaveTextContent('Welcome Nia'));
  });
});
