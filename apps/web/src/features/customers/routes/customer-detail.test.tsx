import type {
  AccountCustomer,
  Customer,
  CustomerEvent,
  CustomerNote,
} from '@paydesk/domain/customers/customers.contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import {
  ACCOUNT_ID,
  CO_BORROWER_ID,
  CUSTOMER_ID,
  HISTORY,
  MERCHANT_ID,
  NOTES,
  PAYMENT_METHODS,
  buildAccount,
  buildCustomer,
  page,
  serveMerchantOptions,
  autopayAndPromiseHandlers,
} from '../test-fixtures';
import { AccountCustomersRoute } from './account-customers';
import { CustomerAccountDetailsRoute } from './customer-account-details';
import { CustomerHistoryRoute } from './customer-history';
import { CustomerFullViewRoute, CustomerLayoutRoute } from './customer-layout';
import { CustomerNotesRoute } from './customer-notes';
import { CustomerPaymentMethodsRoute } from './customer-payment-methods';

const BASE = `/api/merchants/${MERCHANT_ID}/customers/${CUSTOMER_ID}`;
const NEW_CO_BORROWER_ID = '00000000-0000-4000-8000-000000000c03';
const PAGE_PATH = `/merchants/${MERCHANT_ID}/customers/${CUSTOMER_ID}`;
const HISTORY_EVENT = HISTORY[0] as CustomerEvent;

type Calls = {
  detail: URLSearchParams[];
  viewed: number;
  posts: Array<{ path: string; body: unknown }>;
  deletes: string[];
};

/** The customer's endpoints; writes are recorded and answered with `customer` as changed by `onWrite`. */
function serveCustomer(initial: Customer = buildCustomer(), initialNotes: CustomerNote[] = NOTES) {
  let customer = initial;
  let notes = initialNotes;
  const calls: Calls = { detail: [], viewed: 0, posts: [], deletes: [] };
  /** The account's people as they are now; the detail answers them. */
  const setPeople = (change: (people: AccountCustomer[]) => AccountCustomer[]) => {
    customer = {
      ...customer,
      accounts: customer.accounts.map((account, index) =>
        index === 0 ? { ...account, customers: change(account.customers) } : account,
      ),
    };
    return customer.accounts[0]?.customers ?? [];
  };
  serveMerchantOptions();
  server.use(
    http.get(`${BASE}/`, ({ request }) => {
      calls.detail.push(new URL(request.url).searchParams);
      return HttpResponse.json(customer);
    }),
    http.post(`${BASE}/update_last_viewed/`, () => {
      calls.viewed += 1;
      return new HttpResponse(null, { status: 204 });
    }),
    // The co-borrower dialog's picker of existing customers.
    http.get(`/api/merchants/${MERCHANT_ID}/customers/`, () => HttpResponse.json(page([]))),
    http.get(`${BASE}/history/`, () => HttpResponse.json(page(HISTORY))),
    http.get(`${BASE}/notes/`, () => HttpResponse.json(page(notes))),
    http.get(`${BASE}/payment_methods/`, () => HttpResponse.json(page(PAYMENT_METHODS))),
    http.get(`${BASE}/accounts/:accountId/transactions/`, () => HttpResponse.json(page([]))),
    http.get(`/api/merchants/${MERCHANT_ID}/accounts/:accountId/scheduled_payments/`, () =>
      HttpResponse.json(page([])),
    ),
    ...autopayAndPromiseHandlers(MERCHANT_ID),
    http.post(`${BASE}/consent/`, async ({ request }) => {
      const body = (await request.json()) as { channel: string; opted_in: boolean };
      calls.posts.push({ path: 'consent', body });
      customer = { ...customer, [body.channel === 'sms' ? 'text_opt_in' : 'email_opt_in']: body.opted_in };
      return HttpResponse.json(customer, { status: 201 });
    }),
    http.post(`${BASE}/notes/`, async ({ request }) => {
      const body = await request.json();
      calls.posts.push({ path: 'notes', body });
      return HttpResponse.json({ ...NOTES[0], id: '00000000-0000-4000-8000-000000000a92' }, { status: 201 });
    }),
    http.patch(`${BASE}/accounts/${ACCOUNT_ID}/`, async ({ request }) => {
      const body = await request.json();
      calls.posts.push({ path: 'account', body });
      return HttpResponse.json(customer);
    }),
    http.patch(`${BASE}/notes/:noteId/`, async ({ request, params }) => {
      const body = (await request.json()) as { body: string };
      calls.posts.push({ path: `note ${String(params.noteId)}`, body });
      notes = notes.map((note) =>
        note.id === params.noteId ? { ...note, body: body.body, edited: '2026-02-03T09:00:00.000Z' } : note,
      );
      return HttpResponse.json(notes.find((note) => note.id === params.noteId));
    }),
    http.delete(`${BASE}/notes/:noteId/`, ({ params }) => {
      calls.deletes.push(`note ${String(params.noteId)}`);
      notes = notes.filter((note) => note.id !== params.noteId);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${BASE}/accounts/${ACCOUNT_ID}/customers/`, async ({ request }) => {
      const body = (await request.json()) as { customer: { first_name: string; last_name: string } };
      calls.posts.push({ path: 'co-borrower', body });
      const results = setPeople((people) => [
        ...people,
        {
          id: NEW_CO_BORROWER_ID,
          first_name: body.customer.first_name,
          last_name: body.customer.last_name,
          email: null,
          sms_phone_number: null,
          role: 'co_borrower',
        },
      ]);
      return HttpResponse.json({ results }, { status: 201 });
    }),
    http.delete(`${BASE}/accounts/${ACCOUNT_ID}/customers/:coBorrowerId/`, ({ params }) => {
      calls.deletes.push(`co-borrower ${String(params.coBorrowerId)}`);
      setPeople((people) => people.filter((person) => person.id !== params.coBorrowerId));
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(`${BASE}/`, () => {
      calls.deletes.push('customer');
      customer = { ...customer, removed: true, removed_at: '2026-03-01T12:00:00.000Z' };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

function renderCustomer(path = PAGE_PATH, profile = buildProfile({ role: 'admin' })) {
  return renderRoutes(
    [
      { path: '/merchants/:merchantID/customers', element: <h1>Customers list</h1> },
      { path: '/merchants/:merchantID/customers/:customerID/detail', element: <CustomerFullViewRoute /> },
      {
        path: '/merchants/:merchantID/customers/:customerID',
        element: <CustomerLayoutRoute />,
        children: [
          { index: true, element: <CustomerAccountDetailsRoute /> },
          { path: 'history', element: <CustomerHistoryRoute /> },
          { path: 'notes', element: <CustomerNotesRoute /> },
          { path: 'co-borrowers', element: <AccountCustomersRoute /> },
          { path: 'payment-methods', element: <CustomerPaymentMethodsRoute /> },
        ],
      },
    ],
    { session: buildSession(profile), initialEntries: [path] },
  );
}

describe('customer page', () => {
  it('opens with the account details, asking with checkIntegration and then recording the view', async () => {
    const calls = serveCustomer();
    renderCustomer();

    expect(await screen.findByRole('heading', { name: 'Carla Customer', level: 1 })).toBeInTheDocument();
    const account = screen.getByRole('region', { name: 'Account A-1001' });
    expect(within(account).getByText('Active')).toBeInTheDocument();
    expect(within(account).getByText('$1,234.56')).toBeInTheDocument();
    expect(within(account).getByText('12/05/2026')).toBeInTheDocument();
    expect(within(account).getByText('On')).toBeInTheDocument();
    expect(within(account).getByText('$2.95')).toBeInTheDocument();
    expect(within(account).getByText('VIP')).toBeInTheDocument();
    expect(within(account).getByText('Main St')).toBeInTheDocument();
    // The phone calls or texts, the email writes, from the user's device.
    expect(screen.getByRole('link', { name: 'Call (212) 555-0123' })).toHaveAttribute('href', 'tel:+12125550123');
    expect(screen.getByRole('link', { name: 'Text (212) 555-0123' })).toHaveAttribute('href', 'sms:+12125550123');
    expect(screen.getByRole('link', { name: 'carla@example.com' })).toHaveAttribute('href', 'mailto:carla@example.com');
    expect(screen.getByRole('tab', { name: 'Account details' })).toHaveAttribute('aria-selected', 'true');
    expect(calls.detail[0]?.get('checkIntegration')).toBe('true');
    await waitFor(() => expect(calls.viewed).toBe(1));
  });

  it('switches views through the URL', async () => {
    serveCustomer();
    const user = setupUser();
    const { router } = renderCustomer();

    await user.click(await screen.findByRole('tab', { name: 'Payment methods' }));

    expect(router.state.location.pathname).toBe(`${PAGE_PATH}/payment-methods`);
    expect(await screen.findByText('Work Visa XXXX4242')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Payment methods' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the history in time order with who, when and before → after', async () => {
    serveCustomer();
    renderCustomer(`${PAGE_PATH}/history`);

    const changed = await screen.findByText('Account changed');
    const created = screen.getByText('Customer created');
    expect(changed.compareDocumentPosition(created) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(/02\/01\/2026 .* · Avery Admin/)).toBeInTheDocument();
    expect(screen.getByText('$1,000.00 → $1,234.56')).toBeInTheDocument();
    expect(screen.getByText('Pending → Active')).toBeInTheDocument();
    expect(screen.getByText(/01\/15\/2026 .* · System/)).toBeInTheDocument();
  });

  it('shows the history in words: the opt-in and words affirmed, note text, never codes or ids', async () => {
    serveCustomer();
    const words = 'I affirm that the customer has given express permission to receive text messages.';
    server.use(
      http.get(`${BASE}/history/`, () =>
        HttpResponse.json(
          page<CustomerEvent>([
            {
              ...HISTORY_EVENT,
              id: '00000000-0000-4000-8000-000000000f05',
              kind: 'note.added',
              after: { note_id: NOTES[0]?.id, body: 'Promised to pay Friday.' },
            },
            {
              ...HISTORY_EVENT,
              id: '00000000-0000-4000-8000-000000000f04',
              kind: 'consent.changed',
              after: { channel: 'sms', opted_in: true, method: 'staff_affirmed', affirmation: words },
            },
          ]),
        ),
      ),
    );
    renderCustomer(`${PAGE_PATH}/history`);

    expect(await screen.findByText('Opted in to text messages')).toBeInTheDocument();
    expect(screen.getByText(`“${words}”`)).toBeInTheDocument();
    expect(screen.getByText('Affirmed by a user')).toBeInTheDocument();
    expect(screen.getByText('Note added')).toBeInTheDocument();
    expect(screen.getByText('Promised to pay Friday.')).toBeInTheDocument();
    const history = screen.getByLabelText('History');
    expect(history).not.toHaveTextContent(/staff_affirmed|sms|note_id|Note id/);
    expect(history).not.toHaveTextContent(NOTES[0]?.id ?? 'no note');
  });

  it('adds a note, and offers editing to users who may', async () => {
    const calls = serveCustomer();
    const user = setupUser();
    renderCustomer(`${PAGE_PATH}/notes`);

    expect(await screen.findByText('Promised to pay Friday.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByRole('textbox', { name: 'New note' })).toHaveAccessibleDescription('Required');

    await user.type(screen.getByRole('textbox', { name: 'New note' }), '  Called, left a message.  ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));

    await waitFor(() => expect(calls.posts).toEqual([{ path: 'notes', body: { body: 'Called, left a message.' } }]));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue(''));
  });

  it('does not offer note editing to a custom role without it', async () => {
    serveCustomer();
    renderCustomer(
      `${PAGE_PATH}/notes`,
      buildProfile({
        role: 'custom',
        accessRoles: ['staff'],
        merchant: buildMerchant({ check_custom_roles: true }),
      }),
    );

    expect(await screen.findByText('Promised to pay Friday.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add note' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit customer' })).not.toBeInTheDocument();
  });

  it('offers staff Edit and Delete on their own notes only, not on the admin’s', async () => {
    const staffNote: CustomerNote = {
      id: '00000000-0000-4000-8000-000000000a93',
      body: 'Left a voicemail.',
      author: { id: 'u-staff', first_name: 'Stacy', last_name: 'Staff' },
      created: '2026-02-04T10:00:00.000Z',
      edited: null,
    };
    serveCustomer(buildCustomer(), [staffNote, ...NOTES]);
    renderCustomer(`${PAGE_PATH}/notes`, buildProfile({ role: 'staff', id: 'u-staff' }));

    const notes = await screen.findByRole('list', { name: 'Notes' });
    const [own, admins] = within(notes).getAllByRole('listitem');
    expect(own).toHaveTextContent('Left a voicemail.');
    expect(within(own!).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(own!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(admins).toHaveTextContent('Promised to pay Friday.');
    expect(within(admins!).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(admins!).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('deletes a note after confirming', async () => {
    const calls = serveCustomer();
    const user = setupUser();
    renderCustomer(`${PAGE_PATH}/notes`);

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete note?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(calls.deletes).toEqual([`note ${NOTES[0]!.id}`]));
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
  });

  it('lists the people on each account; a co-borrower is removed after confirming, the primary cannot be', async () => {
    const calls = serveCustomer();
    const user = setupUser();
    renderCustomer(`${PAGE_PATH}/co-borrowers`);

    const section = await screen.findByRole('region', { name: 'People on account A-1001' });
    expect(within(section).getByText('Primary')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Cody Cosigner' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Remove Carla Customer/ })).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Remove Cody Cosigner from account A-1001' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove co-borrower?' });
    expect(dialog).toHaveTextContent('Are you sure you would like to remove Cody Cosigner from account A-1001?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(calls.deletes).toEqual([`co-borrower ${CO_BORROWER_ID}`]));
    await waitFor(() => expect(within(section).queryByRole('link', { name: 'Cody Cosigner' })).not.toBeInTheDocument());
    expect(within(section).getByText('Primary')).toBeInTheDocument();
  });

  it('asks "I\'m Sure" before changing an opt-in and sends the words shown', async () => {
    const calls = serveCustomer();
    const user = setupUser();
    renderCustomer();

    const textOptIn = await screen.findByRole('switch', { name: 'Text opt-in' });
    expect(textOptIn).not.toBeChecked();
    await user.click(textOptIn);

    const dialog = screen.getByRole('dialog', { name: 'Turn on text opt-in?' });
    const words = 'I affirm that the customer has given express permission to receive text messages.';
    expect(dialog).toHaveTextContent(words);
    expect(calls.posts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: "I'm Sure" }));

    await waitFor(() =>
      expect(calls.posts).toEqual([{ path: 'consent', body: { channel: 'sms', opted_in: true, affirmation: words } }]),
    );
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Text opt-in' })).toBeChecked());
  });

  it('leaves an opt-in as it was when the confirmation is cancelled', async () => {
    const calls = serveCustomer();
    const user = setupUser();
    renderCustomer();

    await user.click(await screen.findByRole('switch', { name: 'Email opt-in' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn off email opt-in?' });
    expect(dialog).toHaveTextContent('I affirm that the customer has asked to stop receiving emails.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.getByRole('switch', { name: 'Email opt-in' })).toBeChecked();
    expect(calls.posts).toEqual([]);
  });

  it('removes the customer after "Are you sure you would like to remove …?" and returns to the list', async () => {
    const calls = serveCustomer();
    const user = setupUser();
    const { router } = renderCustomer();

    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove customer?' });
    expect(dialog).toHaveTextContent('Are you sure you would like to remove Carla Customer?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByRole('heading', { name: 'Customers list' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/merchants/${MERCHANT_ID}/customers`);
    expect(calls.deletes).toEqual(['customer']);
    expect(await screen.findByText('Carla Customer removed')).toBeInTheDocument();
  });

  it('shows a removed customer as removed, read-only, with its history', async () => {
    serveCustomer(buildCustomer({ removed: true, removed_at: '2026-03-01T12:00:00.000Z' }));
    renderCustomer(`${PAGE_PATH}/history`);

    expect(await screen.findByText('This customer was removed')).toBeInTheDocument();
    expect(screen.getByText(/Removed on 03\/01\/2026/)).toBeInTheDocument();
    expect(await screen.findByText('Account changed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit customer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    // The opt-ins read in words, not as switches nobody may use.
    expect(screen.queryByRole('switch', { name: 'Text opt-in' })).not.toBeInTheDocument();
    expect(screen.getByText('Text opt-in').nextElementSibling).toHaveTextContent('Off');
    expect(screen.getByText('Email opt-in').nextElementSibling).toHaveTextContent('On');
  });

  it('edits an account, showing the autopay due-date cap on the due date', async () => {
    const calls = serveCustomer();
    const user = setupUser();
    renderCustomer();

    await user.click(await screen.findByRole('button', { name: 'Edit account A-1001' }));
    const form = screen.getByRole('form', { name: 'Edit account A-1001' });
    expect(within(form).getByText(/due date must be on or before day 28/)).toBeInTheDocument();
    const dueDate = within(form).getByLabelText('Due date');
    await user.clear(dueDate);
    await user.type(dueDate, '2026-12-30');
    await user.click(within(form).getByRole('button', { name: 'Save account' }));
    expect(dueDate).toHaveAccessibleDescription('Due date with Autopay must not exceed the 28th.');
    expect(calls.posts).toEqual([]);

    await user.clear(dueDate);
    await user.type(dueDate, '2026-12-28');
    const amount = within(form).getByRole('textbox', { name: /Amount due/ });
    await user.clear(amount);
    await user.type(amount, '99.5');
    await user.click(within(form).getByRole('button', { name: 'Save account' }));

    await waitFor(() => expect(calls.posts).toHaveLength(1));
    expect(calls.posts[0]).toMatchObject({
      path: 'account',
      body: { amount_due_cents: 9950, due_date: '2026-12-28', autopay: true, convenience_fee_cents: 295 },
    });
  });

  it('shows the server field errors on the account form', async () => {
    serveCustomer();
    server.use(
      http.patch(`${BASE}/accounts/${ACCOUNT_ID}/`, () =>
        HttpResponse.json({ detail: 'External id clash', code: 'account.external_id.clash' }, { status: 409 }),
      ),
    );
    const user = setupUser();
    renderCustomer();

    await user.click(await screen.findByRole('button', { name: 'Edit account A-1001' }));
    const form = screen.getByRole('form', { name: 'Edit account A-1001' });
    const external = within(form).getByRole('textbox', { name: /Account number/ });
    await user.clear(external);
    await user.type(external, 'A-2002');
    await user.click(within(form).getByRole('button', { name: 'Save account' }));

    await waitFor(() =>
      expect(external).toHaveAccessibleDescription('Account with provided external ID already exists.'),
    );
  });

  it('shows every view on one page at …/detail', async () => {
    serveCustomer(buildCustomer({ accounts: [buildAccount({ status: 'inactive' })] }));
    renderCustomer(`${PAGE_PATH}/detail`);

    expect(await screen.findByRole('heading', { name: 'Account details' })).toBeInTheDocument();
    for (const name of ['History', 'Notes', 'Co-borrowers', 'Payment methods']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(await screen.findByText('Work Visa XXXX4242')).toBeInTheDocument();
    expect(await screen.findByText('Promised to pay Friday.')).toBeInTheDocument();
  });

  it('shows Page Not Found for a customer the API does not know', async () => {
    serveMerchantOptions();
    server.use(http.get(`${BASE}/`, () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    renderCustomer();

    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
  it('edits a note in place and shows the saved words as edited', async () => {
    const calls = serveCustomer();
    const user = setupUser();
    renderCustomer(`${PAGE_PATH}/notes`);

    expect(await screen.findByText('Promised to pay Friday.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit note' });
    expect(editor).toHaveValue('Promised to pay Friday.');
    await user.clear(editor);
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(editor).toHaveAccessibleDescription('Required');
    expect(calls.posts).toEqual([]);

    await user.type(editor, 'Promised to pay Monday instead.');
    await user.click(screen.getByRole('button', { name: 'Save note' }));

    const notes = screen.getByRole('list', { name: 'Notes' });
    expect(await within(notes).findByText('Promised to pay Monday instead.')).toBeInTheDocument();
    expect(within(notes).queryByText('Promised to pay Friday.')).not.toBeInTheDocument();
    expect(within(notes).getByText(/edited 02\/03\/2026/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Edit note' })).not.toBeInTheDocument();
    expect(calls.posts).toEqual([{ path: `note ${NOTES[0]!.id}`, body: { body: 'Promised to pay Monday instead.' } }]);
  });

  it('adds a new customer as a co-borrower, shows them on the account, and removes them again', async () => {
    const calls = serveCustomer();
    const user = setupUser();
    renderCustomer(`${PAGE_PATH}/co-borrowers`);

    const section = await screen.findByRole('region', { name: 'People on account A-1001' });
    await user.click(within(section).getByRole('button', { name: 'Add co-borrower' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a co-borrower to account A-1001' });
    await user.click(within(dialog).getByText('New customer'));
    const form = within(dialog).getByRole('form', { name: 'New co-borrower' });
    await user.click(within(form).getByRole('button', { name: 'Add co-borrower' }));
    expect(within(form).getByRole('textbox', { name: /^First name/ })).toHaveAccessibleDescription('Required');
    expect(calls.posts).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: /^First name/ }), 'Nadia');
    await user.type(within(form).getByRole('textbox', { name: /^Last name/ }), 'Newcomer');
    await user.type(within(form).getByRole('textbox', { name: /^Mobile phone/ }), '(212) 555-0177');
    await user.click(within(form).getByRole('button', { name: 'Add co-borrower' }));

    expect(await within(section).findByRole('link', { name: 'Nadia Newcomer' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.posts).toEqual([
      {
        path: 'co-borrower',
        body: {
          customer: { first_name: 'Nadia', last_name: 'Newcomer', email: null, sms_phone_number: '(212) 555-0177' },
        },
      },
    ]);

    await user.click(within(section).getByRole('button', { name: 'Remove Nadia Newcomer from account A-1001' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove co-borrower?' });
    expect(confirm).toHaveTextContent('Are you sure you would like to remove Nadia Newcomer from account A-1001?');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(within(section).queryByRole('link', { name: 'Nadia Newcomer' })).not.toBeInTheDocument(),
    );
    expect(calls.deletes).toEqual([`co-borrower ${NEW_CO_BORROWER_ID}`]);
  });

  it('pages the history with the page in the URL, so back and a reload keep it', async () => {
    serveCustomer();
    const pagesAsked: string[] = [];
    const eventOnPage = (pageNumber: number): CustomerEvent => ({
      ...HISTORY[0]!,
      id: `00000000-0000-4000-8000-0000000001${String(pageNumber).padStart(2, '0')}`,
      kind: 'note.added',
      after: { body: `Note on page ${pageNumber}` },
    });
    server.use(
      http.get(`${BASE}/history/`, ({ request }) => {
        const pageNumber = Number(new URL(request.url).searchParams.get('page') ?? '1');
        pagesAsked.push(String(pageNumber));
        return HttpResponse.json({ count: 250, next: null, previous: null, results: [eventOnPage(pageNumber)] });
      }),
    );
    const user = setupUser();
    const { router } = renderCustomer(`${PAGE_PATH}/history`);

    expect(await screen.findByText('Note on page 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Note on page 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');

    await router.navigate(-1);
    expect(await screen.findByText('Note on page 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(pagesAsked.slice(0, 2)).toEqual(['1', '2']);
  });

  it('opens the history at the page the URL names', async () => {
    serveCustomer();
    const pagesAsked: string[] = [];
    server.use(
      http.get(`${BASE}/history/`, ({ request }) => {
        pagesAsked.push(new URL(request.url).searchParams.get('page') ?? '');
        return HttpResponse.json({ count: 250, next: null, previous: null, results: HISTORY });
      }),
    );
    renderCustomer(`${PAGE_PATH}/history?page=3`);

    expect(await screen.findByText('Account changed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3' })).toHaveAttribute('aria-current', 'page');
    expect(pagesAsked).toEqual(['3']);
  });

  it('says quietly how the FreshBooks check went for an integrated merchant', async () => {
    serveCustomer(
      buildCustomer({
        merchant: { id: MERCHANT_ID, name: 'Integrated Auto', is_integrated: true },
        integration_sync: {
          status: 'failed',
          checked_at: '2026-02-03T09:00:00.000Z',
          message: 'FreshBooks could not be reached; showing the details stored in Paydesk.',
        },
      }),
    );
    renderCustomer();

    const notice = await screen.findByRole('status', { name: 'FreshBooks check' });
    expect(notice).toHaveTextContent(
      /^FreshBooks could not be reached; showing the details stored in Paydesk\. Checked 02\/03\/2026/,
    );
    // The stored details still show.
    expect(screen.getByRole('region', { name: 'Account A-1001' })).toHaveTextContent('$1,234.56');
  });

  it('keeps the FreshBooks notice of the open through edits and reloads until it is dismissed', async () => {
    const updated = {
      status: 'updated',
      checked_at: '2026-02-03T09:00:00.000Z',
      message: 'Updated from FreshBooks.',
    } as const;
    const calls = serveCustomer(
      buildCustomer({
        merchant: { id: MERCHANT_ID, name: 'Integrated Auto', is_integrated: true },
        integration_sync: updated,
      }),
    );
    let reads = 0;
    server.use(
      // As the API does: later reads within a few minutes say the customer was checked recently; edits answer the
      // customer without any check.
      http.get(`${BASE}/`, () => {
        reads += 1;
        const customer = buildCustomer({
          merchant: { id: MERCHANT_ID, name: 'Integrated Auto', is_integrated: true },
        });
        return HttpResponse.json({
          ...customer,
          integration_sync:
            reads === 1 ? updated : { ...updated, status: 'recent', message: 'Checked with FreshBooks recently.' },
        });
      }),
      http.patch(`${BASE}/accounts/${ACCOUNT_ID}/`, async ({ request }) => {
        calls.posts.push({ path: 'account', body: await request.json() });
        const customer = buildCustomer({ merchant: { id: MERCHANT_ID, name: 'Integrated Auto', is_integrated: true } });
        return HttpResponse.json({
          ...customer,
          accounts: customer.accounts.map((account) => ({ ...account, convenience_fee_cents: 150 })),
        });
      }),
    );
    const user = setupUser();
    renderCustomer();

    const notice = await screen.findByRole('status', { name: 'FreshBooks check' });
    expect(notice).toHaveTextContent(/^Updated from FreshBooks\. Checked 02\/03\/2026/);

    await user.click(screen.getByRole('button', { name: 'Edit account A-1001' }));
    const form = screen.getByRole('form', { name: 'Edit account A-1001' });
    // FreshBooks keeps the amount due (read-only); the fee is Paydesk's.
    const fee = within(form).getByRole('textbox', { name: /Convenience fee/ });
    await user.clear(fee);
    await user.type(fee, '1.5');
    await user.click(within(form).getByRole('button', { name: 'Save account' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Account A-1001' })).toHaveTextContent('$1.50'));
    expect(screen.getByRole('status', { name: 'FreshBooks check' })).toHaveTextContent(/^Updated from FreshBooks\./);

    // A note reloads the customer; the notice still tells how the open went.
    await user.click(screen.getByRole('tab', { name: 'Notes' }));
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    await user.type(screen.getByRole('textbox', { name: 'New note' }), 'Called.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(reads).toBe(2));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue(''));
    expect(screen.getByRole('status', { name: 'FreshBooks check' })).toHaveTextContent(/^Updated from FreshBooks\./);

    await user.click(screen.getByRole('button', { name: 'Dismiss the FreshBooks check' }));
    expect(screen.queryByRole('status', { name: 'FreshBooks check' })).not.toBeInTheDocument();
  });

  it('shows no FreshBooks notice for a merchant that is not integrated', async () => {
    serveCustomer();
    renderCustomer();

    expect(await screen.findByRole('heading', { name: 'Carla Customer', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'FreshBooks check' })).not.toBeInTheDocument();
  });
});
