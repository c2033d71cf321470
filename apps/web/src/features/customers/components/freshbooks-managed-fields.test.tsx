import { screen } from '@testing-library/react';
import type { AccountPatchInput, CustomerPatchInput } from '@paydesk/domain/customers/customers.contract';
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderRoutes } from '../../../../test/render';
import { setupUser } from '../../../../test/user';
import { LOCATIONS, TAGS, buildAccount, buildCustomer } from '../test-fixtures';
import { AccountForm } from './account-form';
import { CustomerForm } from './customer-form';

const integrated = buildCustomer({ merchant: { ...buildCustomer().merchant, is_integrated: true } });

/** The forms prompt before leaving with changes, which needs a data router. */
const renderForm = (form: ReactNode) => renderRoutes([{ path: '/', element: form }]);

describe('fields FreshBooks keeps, on an integrated customer', () => {
  it('shows name, phone and email read-only, marked "Managed in FreshBooks", and does not send them', async () => {
    const sent: CustomerPatchInput[] = [];
    const user = setupUser();
    renderForm(
      <CustomerForm
        timeZone="America/New_York"
        customer={integrated}
        locations={LOCATIONS}
        onSubmit={async (input) => sent.push(input)}
        onCancel={() => {}}
      />,
    );
    for (const name of ['First name', 'Last name', 'Mobile phone', 'Email']) {
      const input = screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
      expect(input).toHaveAttribute('readonly');
      expect(input).toHaveAccessibleDescription('Managed in FreshBooks');
    }
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'X');
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveValue(integrated.first_name);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es-US');
    await user.click(screen.getByRole('button', { name: 'Save customer' }));
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('first_name');
    expect(sent[0]).not.toHaveProperty('email');
    expect(sent[0]).not.toHaveProperty('sms_phone_number');
    expect(sent[0]).toMatchObject({ language: 'es-US' });
  });

  it('keeps them editable for a merchant that is not integrated', () => {
    renderForm(
      <CustomerForm
        timeZone="America/New_York"
        customer={buildCustomer()}
        locations={LOCATIONS}
        onSubmit={async () => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('textbox', { name: /^First name/ })).not.toHaveAttribute('readonly');
    expect(screen.queryByText('Managed in FreshBooks')).not.toBeInTheDocument();
  });

  it('shows the amount due read-only and does not send it; the other account fields change', async () => {
    const sent: AccountPatchInput[] = [];
    const user = setupUser();
    renderForm(
      <AccountForm
        account={buildAccount()}
        locations={LOCATIONS}
        tags={TAGS}
        managedByFreshbooks
        onSubmit={async (input) => sent.push(input)}
        onCancel={() => {}}
      />,
    );
    const amount = screen.getByRole('textbox', { name: /^Amount due/ });
    expect(amount).toHaveAttribute('readonly');
    expect(amount).toHaveAccessibleDescription('Managed in FreshBooks');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('amount_due_cents');
    expect(sent[0]).toHaveProperty('convenience_fee_cents', 295);
  });
});
