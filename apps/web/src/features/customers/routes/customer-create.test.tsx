import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { fillIn, setupUser } from '../../../../test/user';
import { CUSTOMER_ID, LOCATIONS, MERCHANT_ID, buildCustomer, page, serveMerchantOptions } from '../test-fixtures';
import { CustomerCreateRoute } from './customer-create';

function serveCreate(answer: () => Response = () => HttpResponse.json(buildCustomer(), { status: 201 })) {
  const bodies: unknown[] = [];
  serveMerchantOptions();
  server.use(
    http.post(`/api/merchants/${MERCHANT_ID}/customers/`, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

function renderCreate(role: 'admin' | 'staff' = 'staff') {
  return renderRoutes(
    [
      { path: '/merchants/:merchantID/customers/create', element: <CustomerCreateRoute /> },
      { path: '/merchants/:merchantID/customers/:customerID', element: <h1>Customer page</h1> },
    ],
    {
      session: buildSession(buildProfile({ role, merchant: buildMerchant({ id: MERCHANT_ID }) })),
      initialEntries: [`/merchants/${MERCHANT_ID}/customers/create`],
    },
  );
}

const textbox = (name: RegExp) => screen.getByRole('textbox', { name });

describe('create customer', () => {
  it('says to add a location first when the merchant has none, instead of a form that cannot be sent', async () => {
    serveCreate();
    server.use(http.get(`/api/merchants/${MERCHANT_ID}/merchant_locations/`, () => HttpResponse.json(page([]))));
    renderCreate('admin');

    expect(await screen.findByText('Add a location first')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a location' })).toHaveAttribute(
      'href',
      `/locations/create?merchant=${MERCHANT_ID}`,
    );
    expect(screen.queryByRole('form', { name: 'Create customer' })).not.toBeInTheDocument();
  });

  it('tells staff, who cannot add locations, to ask an administrator', async () => {
    serveCreate();
    server.use(http.get(`/api/merchants/${MERCHANT_ID}/merchant_locations/`, () => HttpResponse.json(page([]))));
    renderCreate('staff');

    expect(await screen.findByText(/Ask an administrator of the merchant to add one\./)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add a location' })).not.toBeInTheDocument();
  });

  it('checks every field with the domain rules and the spec messages before sending', async () => {
    const bodies = serveCreate();
    const user = setupUser();
    renderCreate();
    await screen.findByRole('option', { name: 'Airport Rd' });

    await fillIn(user, textbox(/^Mobile phone/), '555');
    await fillIn(user, textbox(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText('Date of birth'), '2099-01-01');
    await fillIn(user, textbox(/^Convenience fee/), '-1');
    await user.click(screen.getByRole('checkbox', { name: 'Text opt-in' }));
    await user.click(screen.getByRole('button', { name: 'Create customer' }));

    expect(textbox(/^First name/)).toHaveAccessibleDescription('Required');
    expect(textbox(/^Last name/)).toHaveAccessibleDescription('Required');
    expect(textbox(/^Mobile phone/)).toHaveAccessibleDescription('Phone number is not valid');
    expect(textbox(/^Email/)).toHaveAccessibleDescription('Email is not valid');
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription(
      'Date of Birth Can Not Be in The Future.',
    );
    expect(textbox(/^Account number/)).toHaveAccessibleDescription('Required');
    expect(textbox(/^Amount due/)).toHaveAccessibleDescription('Amount Due is Required.');
    expect(screen.getByRole('combobox', { name: /^Location/ })).toHaveAccessibleDescription('Required');
    expect(bodies).toEqual([]);
  });

  it('puts the autopay cap on the due date', async () => {
    const bodies = serveCreate();
    const user = setupUser();
    renderCreate();

    await user.click(await screen.findByRole('switch', { name: 'Autopay' }));
    expect(screen.getByText(/due date must be on or before day 28/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Due date'), '2026-12-29');
    await user.click(screen.getByRole('button', { name: 'Create customer' }));

    expect(screen.getByLabelText('Due date')).toHaveAccessibleDescription(
      'Due date with Autopay must not exceed the 28th.',
    );
    expect(bodies).toEqual([]);
  });

  it('asks to affirm each opt-in in its own words, sends each channel its words, and opens the new customer', async () => {
    const bodies = serveCreate();
    const user = setupUser();
    const { router } = renderCreate();
    await screen.findByRole('option', { name: 'Airport Rd' });

    await fillIn(user, textbox(/^First name/), 'Nia');
    await fillIn(user, textbox(/^Last name/), 'New');
    await fillIn(user, textbox(/^Mobile phone/), '(212) 555-0199');
    await fillIn(user, textbox(/^Email/), 'nia@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Location/ }), 'Airport Rd');
    await fillIn(user, textbox(/^Account number/), 'A-3003');
    await fillIn(user, textbox(/^Amount due/), '1250.5');
    await user.type(screen.getByLabelText('Due date'), '2026-12-15');
    const textWords = 'I affirm that the customer has given express permission to receive text messages.';
    const emailWords = 'I affirm that the customer has given express permission to receive emails.';
    await user.click(screen.getByRole('checkbox', { name: 'Text opt-in' }));
    await user.click(screen.getByRole('checkbox', { name: 'Email opt-in' }));
    await user.click(screen.getByRole('button', { name: 'Create customer' }));

    let dialog = await screen.findByRole('dialog', { name: 'Confirm opt-ins' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Text opt-in on: ${textWords}`,
      `Email opt-in on: ${emailWords}`,
    ]);
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Create customer' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm opt-ins' });
    await user.click(within(dialog).getByRole('button', { name: "I'm Sure" }));

    expect(await screen.findByRole('heading', { name: 'Customer page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/merchants/${MERCHANT_ID}/customers/${CUSTOMER_ID}`);
    expect(bodies).toEqual([
      {
        first_name: 'Nia',
        last_name: 'New',
        email: 'nia@example.com',
        sms_phone_number: '(212) 555-0199',
        date_of_birth: null,
        language: 'en-US',
        location_id: LOCATIONS[1]!.id,
        address_line1: null,
        address_line2: null,
        city: null,
        state: null,
        zip: null,
        account: {
          external_id: 'A-3003',
          amount_due_cents: 125050,
          due_date: '2026-12-15',
          autopay: false,
          convenience_fee_cents: 0,
          status: 'active',
          tag_ids: [],
        },
        text_opt_in: true,
        email_opt_in: true,
        text_opt_in_affirmation: textWords,
        email_opt_in_affirmation: emailWords,
      },
    ]);
  });

  it('puts the server answers on the fields (duplicate phone, external id clash)', async () => {
    serveCreate(() => HttpResponse.json({ sms_phone_number: ['Phone Number is Already in Use.'] }, { status: 400 }));
    const user = setupUser();
    renderCreate();
    await screen.findByRole('option', { name: 'Airport Rd' });

    await fillIn(user, textbox(/^First name/), 'Nia');
    await fillIn(user, textbox(/^Last name/), 'New');
    await fillIn(user, textbox(/^Mobile phone/), '(212) 555-0199');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Location/ }), 'Main St');
    await fillIn(user, textbox(/^Account number/), 'A-1001');
    await fillIn(user, textbox(/^Amount due/), '10');
    await user.click(screen.getByRole('button', { name: 'Create customer' }));

    await waitFor(() =>
      expect(textbox(/^Mobile phone/)).toHaveAccessibleDescription('Phone Number is Already in Use.'),
    );

    server.use(
      http.post(`/api/merchants/${MERCHANT_ID}/customers/`, () =>
        HttpResponse.json({ detail: 'clash', code: 'account.external_id.clash' }, { status: 409 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Create customer' }));
    await waitFor(() =>
      expect(textbox(/^Account number/)).toHaveAccessibleDescription(
        'Account with provided external ID already exists.',
      ),
    );
    expect(within(document.body).queryByRole('heading', { name: 'Customer page' })).not.toBeInTheDocument();
  });
});
