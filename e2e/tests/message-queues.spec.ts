import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations, PASSWORD, signIn } from '../support/journeys';

// The dashboard's message queues (issue 21 item 10) on the embedded outbox: a customer's reply, posted through the
// outbox's inbound path, waits on /customer-replies until Mark read; a text to the outbox's unreachable number
// (30003) lands on /missed-messages with its reason, and Resend queues it again (it fails again, so it comes back
// marked as sent again once). Demo Motors sends from +1 860-555-0101.

const DEMO_MOTORS_NUMBER = '+18605550101';
/** The outbox's unreachable number (OUTBOX_UNREACHABLE_NUMBER in packages/domain/src/messaging/outbox-numbers.ts). */
const OUTBOX_UNREACHABLE_NUMBER = '+18605550130';
const AFFIRM_TEXTS = 'I affirm that the customer has given express permission to receive text messages.';

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
  return response.status() === 204 ? null : response.json();
}

/** A Demo Motors customer opted in to texts at `phone`; gives the merchant, customer and account ids. */
async function textableCustomer(request: APIRequestContext, access: string, firstName: string, phone: string) {
  const merchants = await call(request, access, 'GET', '/api/merchants/?page_size=100');
  const merchantId: string = merchants.results.find((merchant: { name: string }) => merchant.name === 'Demo Motors').id;
  const locations = await call(
    request,
    access,
    'GET',
    `/api/merchants/${merchantId}/merchant_locations/?page_size=100`,
  );
  const mainSt = locations.results.find((location: { name: string }) => location.name === 'Main St');
  const lastName = `Queue${Date.now()}`;
  const customer = await call(request, access, 'POST', `/api/merchants/${merchantId}/customers/`, {
    first_name: firstName,
    last_name: lastName,
    location_id: mainSt.id,
    sms_phone_number: phone,
    text_opt_in: true,
    text_opt_in_affirmation: AFFIRM_TEXTS,
    account: { external_id: `Q-${Date.now()}`, amount_due_cents: 20_000 },
  });
  return { merchantId, customerId: customer.id as string, accountId: customer.accounts[0].id as string, lastName };
}

/** Reloads the screen until `locator` shows: the send and inbound jobs run on their own. */
async function expectAfterReload(page: Page, locator: Locator) {
  await expect(async () => {
    await page.reload();
    await expect(locator).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

async function expectAccessibleOnPhoneAndDesktop(page: Page, screen: string) {
  await expectNoSeriousViolations(page, `${screen} at 1280 px`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page, `${screen} at 390 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a customer’s reply waits on /customer-replies until Mark read', async ({ page, request }) => {
  const superUser = await tokenFor(request, 'super@demo.test');
  const phone = `+13127${String(Date.now()).slice(-6)}`;
  const rae = await textableCustomer(request, superUser, 'Rae', phone);
  await call(request, superUser, 'POST', '/api/dev/outbox/inbound/', {
    from: phone,
    to: DEMO_MOTORS_NUMBER,
    body: 'Can I pay on Friday?',
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'staff@demo.test');
  await page.goto('/');
  await page.getByRole('link', { name: /^Customer replies/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer replies' })).toBeVisible();
  const markRead = page.getByRole('button', { name: `Mark Rae ${rae.lastName}'s replies read` });
  await expectAfterReload(page, markRead);
  const row = page.getByRole('row').filter({ has: markRead });
  await expect(row.getByText('Can I pay on Friday?')).toBeVisible();
  await expect(row.getByText(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
  await expect(row.getByRole('link', { name: `Open the conversation with Rae ${rae.lastName}` })).toHaveAttribute(
    'href',
    `/merchants/${rae.merchantId}/inbox?customer=${rae.customerId}`,
  );
  await expectAccessibleOnPhoneAndDesktop(page, '/customer-replies');

  await markRead.click();
  await expect(page.getByText(`Marked Rae ${rae.lastName}'s replies read`)).toBeVisible();
  await expect(markRead).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer replies' })).toBeVisible();
  await expect(page.getByText(/conversations? waiting$/)).toBeVisible();
  await expect(markRead).toHaveCount(0);
});

test('a text to an unreachable phone lands on /missed-messages with its reason, and Resend queues it again', async ({
  page,
  request,
}) => {
  const staff = await tokenFor(request, 'staff@demo.test');
  const una = await textableCustomer(request, staff, 'Una', OUTBOX_UNREACHABLE_NUMBER);
  await call(request, staff, 'POST', `/api/merchants/${una.merchantId}/accounts/${una.accountId}/send_message/`, {
    customer: una.customerId,
    message: 'Your payment of $200.00 is due Friday.',
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'staff@demo.test');
  await page.goto('/');
  await page.getByRole('link', { name: /^Missed messages/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Missed messages' })).toBeVisible();
  const resend = page.getByRole('button', { name: `Resend the text to Una ${una.lastName}` });
  await expectAfterReload(page, resend);
  const row = page.getByRole('row').filter({ has: resend });
  await expect(row.getByText('Your payment of $200.00 is due Friday.')).toBeVisible();
  await expect(row.getByText('The phone was off or out of reach. The text can be sent again later.')).toBeVisible();
  await expect(row.getByText('Error 30003')).toBeVisible();
  await expectAccessibleOnPhoneAndDesktop(page, '/missed-messages');

  await resend.click();
  await expect(page.getByText(`Text to Una ${una.lastName} queued to be sent again`)).toBeVisible();
  // The number is still unreachable: the new text fails too and is listed in its place, marked as a resend.
  const again = page.getByRole('row').filter({ has: resend }).getByText('Already sent again once');
  await expectAfterReload(page, again);
  await expect(resend).toHaveCount(1);

  await page.getByRole('button', { name: `Dismiss the text to Una ${una.lastName}` }).click();
  await expect(page.getByText(`Text to Una ${una.lastName} dismissed`)).toBeVisible();
  await expect(resend).toHaveCount(0);
});
