import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousViolations, PASSWORD, signIn } from '../support/journeys';

// The live inbox (issue 21 item 8): an admin of Demo Motors texts a customer from the inbox and sees it delivered by
// the outbox provider; the customer's reply, posted as the provider would, appears without a reload; a file over
// 1 MB is refused in the composer; the customer's STOP is confirmed at once (any hour), and a send after it is refused
// with the catalogue message.

const DEMO_MOTORS_NUMBER = '+18605550101';

async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/token/', { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  return (await response.json()).access as string;
}

async function post(request: APIRequestContext, access: string, url: string, data: object) {
  const response = await request.post(url, { headers: { Authorization: `Bearer ${access}` }, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

test('inbox: text a customer, see it delivered, see the reply live, refuse a large file and a send after STOP', async ({
  page,
  request,
}) => {
  const admin = await tokenFor(request, 'admin@demo.test');
  const merchants = await (
    await request.get('/api/merchants/?page_size=100', { headers: { Authorization: `Bearer ${admin}` } })
  ).json();
  const merchantId = merchants.results.find((merchant: { name: string }) => merchant.name === 'Demo Motors').id;
  const locations = await (
    await request.get(`/api/merchants/${merchantId}/merchant_locations/?page_size=100`, {
      headers: { Authorization: `Bearer ${admin}` },
    })
  ).json();
  const stamp = String(Date.now());
  // An exchange starting 7: a valid number whatever the stamp ends with (an exchange cannot start with 0 or 1).
  const phone = `+13127${stamp.slice(-6)}`;
  const lastName = `Inbox${stamp}`;
  await post(request, admin, `/api/merchants/${merchantId}/customers/`, {
    first_name: 'Robin',
    last_name: lastName,
    sms_phone_number: phone,
    location_id: locations.results[0].id,
    account: { external_id: `IN-${stamp}`, amount_due_cents: 25_000 },
    text_opt_in: true,
    text_opt_in_affirmation: 'The customer agreed to texts.',
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin@demo.test');
  await page.getByRole('combobox', { name: 'Current merchant' }).click();
  await page.getByRole('option', { name: 'Demo Motors', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Inbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();

  // A new conversation: choose the customer, send a text, see it delivered
  await page.getByRole('button', { name: 'New message' }).click();
  const compose = page.getByRole('dialog', { name: 'New message' });
  await compose.getByLabel('Find a customer').fill(lastName);
  await compose.getByRole('button', { name: new RegExp(`Robin ${lastName}`) }).click();
  const chat = page.getByRole('region', { name: 'Conversation' });
  await expect(chat.getByRole('heading', { name: `Robin ${lastName}` })).toBeVisible();
  await chat.getByRole('textbox', { name: 'Message' }).fill('Hi Robin, your payment of $250.00 is due.');
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  const messages = chat.getByRole('list', { name: 'Messages' });
  const sent = messages.getByRole('listitem', { name: 'Sent message' }).filter({ hasText: 'your payment of $250.00' });
  await expect(sent).toContainText('Delivered', { timeout: 20_000 });
  await expect(page.getByRole('complementary', { name: 'Customer accounts' })).toContainText('$250.00');

  // The customer's reply arrives live, without a reload
  const superUser = await tokenFor(request, 'super@demo.test');
  await post(request, superUser, '/api/dev/outbox/inbound/', {
    from: phone,
    to: DEMO_MOTORS_NUMBER,
    body: 'I can pay on Friday',
  });
  await expect(messages.getByRole('listitem', { name: 'Received message' })).toContainText('I can pay on Friday', {
    timeout: 20_000,
  });
  await expect(page.getByRole('list', { name: 'Conversations' })).toContainText(`Robin ${lastName}`);
  await expectNoSeriousViolations(page, 'Inbox');
  await page.screenshot({ path: 'test-results/inbox-1280.png', fullPage: true });

  // A file over 1 MB is refused before it is sent
  await chat.locator('input[type="file"]').setInputFiles({
    name: 'large.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(1024 * 1024 + 1),
  });
  await expect(chat.getByRole('alert').filter({ hasText: 'File must be' })).toHaveText(
    'File must be less than 1mb in size',
  );

  // STOP opts the customer out: a send is refused with the catalogue's message
  await post(request, superUser, '/api/dev/outbox/inbound/', { from: phone, to: DEMO_MOTORS_NUMBER, body: 'STOP' });
  await expect(messages.getByRole('listitem', { name: 'Received message' }).filter({ hasText: 'STOP' })).toBeVisible({
    timeout: 20_000,
  });
  // The confirmation answers the customer's own message: it goes at once, whatever the hour in the customer's zone.
  await expect(
    messages.getByRole('listitem', { name: 'Sent message' }).filter({ hasText: 'You are unsubscribed' }),
  ).toContainText('Delivered', { timeout: 20_000 });
  await chat.getByRole('textbox', { name: 'Message' }).fill('Are you still there?');
  await chat.getByRole('button', { name: 'Send' }).click();
  const refused = messages.getByRole('listitem', { name: 'Sent message' }).filter({ hasText: 'Are you still there?' });
  await expect(refused).toContainText('The customer has opted out of email or text messages.');
  await expect(refused.getByRole('img', { name: 'Not delivered' })).toBeVisible();

  // On a phone the list and the chat are separate views
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(chat.getByRole('heading', { name: `Robin ${lastName}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Conversations' })).toBeHidden();
  await page.screenshot({ path: 'test-results/inbox-390-chat.png', fullPage: true });
  await chat.getByRole('button', { name: 'Conversations' }).click();
  await expect(page.getByRole('list', { name: 'Conversations' })).toBeVisible();
  await expectNoSeriousViolations(page, 'Inbox on a phone');
  await page.screenshot({ path: 'test-results/inbox-390-list.png', fullPage: true });
});

test('inbox: a reply that reads like an opt-out is flagged; confirming it (I’m Sure) opts the customer out', async ({
  page,
  request,
}) => {
  const admin = await tokenFor(request, 'admin@demo.test');
  const headers = { Authorization: `Bearer ${admin}` };
  const merchants = await (await request.get('/api/merchants/?page_size=100', { headers })).json();
  const merchantId = merchants.results.find((merchant: { name: string }) => merchant.name === 'Demo Motors').id;
  const locations = await (
    await request.get(`/api/merchants/${merchantId}/merchant_locations/?page_size=100`, { headers })
  ).json();
  const stamp = String(Date.now());
  const phone = `+13128${stamp.slice(-6)}`;
  const lastName = `Flagged${stamp}`;
  await post(request, admin, `/api/merchants/${merchantId}/customers/`, {
    first_name: 'Sam',
    last_name: lastName,
    sms_phone_number: phone,
    location_id: locations.results[0].id,
    account: { external_id: `FL-${stamp}`, amount_due_cents: 12_000 },
    text_opt_in: true,
    text_opt_in_affirmation: 'The customer agreed to texts.',
  });
  // The customer's reply, through the Outbox's inbound path (as the provider would post it).
  const superUser = await tokenFor(request, 'super@demo.test');
  await post(request, superUser, '/api/dev/outbox/inbound/', {
    from: phone,
    to: DEMO_MOTORS_NUMBER,
    body: 'please stop texting me',
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin@demo.test');
  await page.getByRole('combobox', { name: 'Current merchant' }).click();
  await page.getByRole('option', { name: 'Demo Motors', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Inbox' }).click();
  const conversations = page.getByRole('list', { name: 'Conversations' });
  const item = conversations.getByRole('listitem').filter({ hasText: `Sam ${lastName}` });
  // The reply is processed by a job: the conversation appears with its badge once it is.
  await expect(item).toContainText('Check opt-out', { timeout: 20_000 });
  await item.getByRole('button', { name: new RegExp(`Sam ${lastName}`) }).click();

  const chat = page.getByRole('region', { name: 'Conversation', exact: true });
  const banner = chat.getByRole('region', { name: 'This reply may be an opt-out request' });
  await expect(banner).toContainText('“please stop texting me”');
  await expectNoSeriousViolations(page, 'Inbox with a flagged reply');
  await banner.getByRole('button', { name: 'Opt out of texts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off text opt-in?' });
  await expect(dialog).toContainText(`For Sam ${lastName}, by choosing I'm Sure you affirm:`);
  await dialog.getByRole('button', { name: "I'm Sure" }).click();

  await expect(dialog).toBeHidden();
  await expect(banner).toBeHidden();
  await expect(item).not.toContainText('Check opt-out');
  await expect(chat).toContainText('opted out of texts');

  // Sending is refused as for any opted-out customer.
  await chat.getByRole('textbox', { name: 'Message' }).fill('Are you sure?');
  await chat.getByRole('button', { name: 'Send' }).click();
  const messages = chat.getByRole('list', { name: 'Messages' });
  const refused = messages.getByRole('listitem', { name: 'Sent message' }).filter({ hasText: 'Are you sure?' });
  await expect(refused).toContainText('The customer has opted out of email or text messages.');
});
