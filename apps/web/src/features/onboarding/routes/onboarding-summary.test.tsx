import type { BusinessDetails, OnboardingSummary } from '@paydesk/domain/onboarding/onboarding.contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { OnboardingSummaryRoute, stepsLeftText } from './onboarding-summary';

const BLANK: BusinessDetails = {
  complete: false,
  legal_name: '',
  dba: '',
  ein_last4: null,
  address_line1: '',
  address_line2: '',
  city: '',
  state: '',
  postal_code: '',
  phone: '',
  website: null,
  business_type: null,
  updated: null,
};

function summary(complete: Record<string, boolean>): OnboardingSummary {
  const checks = [
    { key: 'business_details', label: 'Business details', detail: 'Add the legal name, EIN and address' },
    { key: 'owners', label: 'Owners total 100%', detail: 'Owners total 60%; they must total 100%' },
    { key: 'locations', label: 'At least one location', detail: 'Add a location' },
    { key: 'merchant_accounts', label: 'At least one active merchant account', detail: 'Add a merchant account' },
  ].map((check) => ({ ...check, complete: complete[check.key] ?? false })) as OnboardingSummary['checks'];
  const stepsLeft = checks.filter((check) => !check.complete).length;
  return { checks, steps_left: stepsLeft, ready: stepsLeft === 0 };
}

function renderSummary(role: 'admin' | 'staff' = 'admin') {
  return renderRoutes([{ path: '/onboarding/:merchantID/summary', element: <OnboardingSummaryRoute /> }], {
    session: buildSession(buildProfile({ role })),
    initialEntries: ['/onboarding/m-1/summary'],
  });
}

describe('onboarding summary', () => {
  it('counts the steps left', () => {
    expect(stepsLeftText(0)).toBe('Ready to go live');
    expect(stepsLeftText(1)).toBe('1 step left');
    expect(stepsLeftText(3)).toBe('3 steps left');
  });

  it('lists each check, complete or missing with a link to fix it', async () => {
    server.use(
      http.get('/api/merchants/m-1/onboarding_summary/', () => HttpResponse.json(summary({ business_details: true }))),
      http.get('/api/merchants/m-1/business_details/', () => HttpResponse.json(BLANK)),
    );
    renderSummary();
    expect(await screen.findByText('3 steps left')).toBeInTheDocument();
    const details = screen.getByTestId('check-business_details');
    expect(within(details).getByText('Complete')).toBeInTheDocument();
    expect(within(details).queryByRole('link')).not.toBeInTheDocument();
    const owners = screen.getByTestId('check-owners');
    expect(within(owners).getByText('Missing')).toBeInTheDocument();
    expect(within(owners).getByText('Owners total 60%; they must total 100%')).toBeInTheDocument();
    expect(within(owners).getByRole('link', { name: 'Manage owners' })).toHaveAttribute(
      'href',
      '/merchants/m-1/owners',
    );
    expect(within(screen.getByTestId('check-locations')).getByRole('link', { name: 'Add a location' })).toHaveAttribute(
      'href',
      '/merchants/m-1/locations',
    );
    expect(
      within(screen.getByTestId('check-merchant_accounts')).getByRole('link', { name: 'Add a merchant account' }),
    ).toHaveAttribute('href', '/merchants/m-1/merchant-accounts');
  });

  it('says Ready to go live when every check is complete', async () => {
    server.use(
      http.get('/api/merchants/m-1/onboarding_summary/', () =>
        HttpResponse.json(summary({ business_details: true, owners: true, locations: true, merchant_accounts: true })),
      ),
      http.get('/api/merchants/m-1/business_details/', () => HttpResponse.json(BLANK)),
    );
    renderSummary('staff');
    expect(await screen.findByText('Ready to go live')).toBeInTheDocument();
    // Staff read the details; only administrators save them.
    expect(await screen.findByLabelText(/^Legal name/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save business details' })).not.toBeInTheDocument();
  });

  it('requires the EIN on the first save and checks it is 9 digits', async () => {
    let puts = 0;
    server.use(
      http.get('/api/merchants/m-1/onboarding_summary/', () => HttpResponse.json(summary({}))),
      http.get('/api/merchants/m-1/business_details/', () => HttpResponse.json(BLANK)),
      http.put('/api/merchants/m-1/business_details/', () => {
        puts += 1;
        return HttpResponse.json(BLANK);
      }),
    );
    const user = setupUser();
    renderSummary();
    await user.click(await screen.findByRole('button', { name: 'Save business details' }));
    expect(screen.getByLabelText(/^EIN/)).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(screen.getByLabelText(/^Legal name/)).toHaveAccessibleDescription('Required');
    await user.click(screen.getByLabelText(/^EIN/));
    await user.paste('12-345678');
    await user.click(screen.getByRole('button', { name: 'Save business details' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^EIN/)).toHaveAccessibleDescription(
        expect.stringContaining('Must be exactly 9 digits'),
      ),
    );
    expect(screen.getByLabelText(/^EIN/)).toHaveAttribute('type', 'password');
    expect(puts).toBe(0);
  }, 60_000);
});
