import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousViolations, PASSWORD, signIn } from '../support/journeys';

// ACH returns on the sandbox processor: a bank debit on Demo Motors' Airport Rd account (its ACH merchant account)
// comes back R01 at settlement; /ach-return lists it with the code, meaning, attempt, deadline and action, and staff
// re-present it after confirming.

async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/token/', { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  return (await response.json()).access as string;
}

async function call(request: APIRequestContext, access: string, method: 'GET' | 'POST', url: string, data?: object) {
  const response = await request.fetch(url, {
    method,
    headers: { Authorization: `Bearer ${access}`, 'Idempotency-Key': crypto.randomUUID() },
    ...(data ? { data } : {}),
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

test('ACH returns: see a returned debit on /ach-return and re-present it', async ({ page, request }) => {
  const admin = await tokenFor(request, 'admin@demo.test');
  const merchants = await call(request, admin, 'GET', '/api/merchants/?page_size=100');
  const merchantId = merchants.results.find((merchant: { name: string }) => merchant.name === 'Demo Motors').id;
  const locations = await call(request, admin, 'GET', `/api/merchants/${merchantId}/merchant_locations/?page_size=100`);
  const airport = locations.results.find((location: { name: string }) => location.name === 'Airport Rd');
  const lastName = `Returned${Date.now()}`;
  const customer = await call(request, admin, 'POST', `/api/merchants/${merchantId}/customers/`, {
    first_name: 'Rita',
    last_name: lastName,
    location_id: airport.id,
    account: { external_id: `R-${Date.now()}`, amount_due_cents: 30_000 },
  });
  const accountId = customer.accounts[0].id;
  const token = await request.post('/sandbox/gateway/tokens/', {
    data: { bank: { routing_number: '110000000', account_number: '000222222227', account_holder: 'Rita Doe' } },
  });
  const method = await call(
    request,
    admin,
    'POST',
    `/api/merchants/${merchantId}/customers/${customer.id}/payment_methods/`,
    {
      token: (await token.json()).token,
      nickname: 'Checking',
      authorization: { text: 'I authorise Demo Motors to debit my account.', method: 'phone' },
    },
  );
  const debit = await call(request, admin, 'POST', `/api/merchants/${merchantId}/accounts/${accountId}/payments/`, {
    customer: customer.id,
    sources: [{ payment_method: method.id, amount: 12_345 }],
  });
  expect(debit.status).toBe('PENDING');
  const superUser = await tokenFor(request, 'super@demo.test');
  await call(request, superUser, 'POST', '/sandbox/gateway/settlement/', { days: 5 });

  await signIn(page, 'admin@demo.test');
  await page.getByRole('combobox', { name: 'Current merchant' }).click();
  await page.getByRole('option', { name: 'Demo Motors', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Current merchant' })).toContainText('Demo Motors');
  await page.goto('/ach-return');
  await expect(page.getByRole('heading', { level: 1, name: 'ACH returns' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Return rates' })).toBeVisible();
  await expect(page.getByLabel('Overall return rate')).toContainText('threshold 15%');

  const row = page.getByRole('row').filter({ hasText: `Rita ${lastName}` });
  await expect(row).toContainText('R01');
  await expect(row).toContainText('Insufficient funds');
  await expect(row).toContainText('Original');
  await expect(row).toContainText('May be re-presented');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expectNoSeriousViolations(page, 'ACH returns');

  await row.getByRole('button', { name: `Re-present the $123.45 debit of Rita ${lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Re-present debit' });
  await expect(dialog).toContainText('re-presentment 1 of 2');
  await dialog.getByRole('button', { name: 'Re-present $123.45' }).click();
  await expect(page.getByText('Debit of $123.45 presented again')).toBeVisible();
  await expect(row).toContainText('Re-presented');
  await expect(row.getByRole('button', { name: /^Re-present the/ })).toHaveCount(0);
});
