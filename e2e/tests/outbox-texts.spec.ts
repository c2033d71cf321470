import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/journeys';

// Texts on the Outbox screen (issue 21 items 11 and 12): a super user texts a receipt from the receipt modal and sees
// it in the Outbox, then posts the customer's reply from the Outbox, through the inbound path a provider takes, and
// sees the keyword's answer listed. Demo Motors sends from its demo number, +1 860-555-0101.

const DEMO_MOTORS_NUMBER = '+18605550101';

function uniquePhone(): { e164: string; digits: string } {
  const tail = String(Date.now()).slice(-7);
  const digits = `3127${tail.slice(1, 3)}${tail.slice(3)}`;
  return { e164: `+1${digits}`, digits };
}

/** The Outbox, read again until a text to `phone` containing `words` is listed (the send job runs on its own). */
async function expectTextInOutbox(page: Page, phone: string, words: RegExp) {
  const text = page.getByRole('article', { name: `Text to ${phone}` }).filter({ hasText: words });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(text.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return text.first();
}

test('outbox texts: text a receipt, see it in the Outbox, post the customer’s reply and see the answer', async ({
  page,
}) => {
  const phone = uniquePhone();
  const lastName = `Texter${Date.now()}`;
  await signIn(page, 'super@demo.test');
  await page.getByRole('combobox', { name: 'Current merchant' }).click();
  await page.getByRole('option', { name: 'Demo Motors', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Current merchant' })).toContainText('Demo Motors');

  // A customer with a phone who agreed to texts
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByRole('link', { name: 'Create customer' }).click();
  await page.getByLabel('First name').fill('Pat');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Mobile phone').fill(phone.digits);
  const location = page.getByRole('combobox', { name: /^Location/ });
  await expect(location.locator('option')).not.toHaveCount(1);
  await location.selectOption({ label: 'Main St' });
  await page.getByLabel('Account number').fill(`T-${Date.now()}`);
  await page.getByLabel('Amount due').fill('250.00');
  await page.getByRole('checkbox', { name: 'Text opt-in' }).check();
  await page.getByRole('button', { name: 'Create customer' }).click();
  await page.getByRole('dialog', { name: 'Turn on text opt-in?' }).getByRole('button', { name: "I'm Sure" }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Pat ${lastName}` })).toBeVisible();

  // A card and a payment
  await page.getByRole('tab', { name: 'Payment methods' }).click();
  await page.getByRole('button', { name: 'Add card' }).click();
  const addCard = page.getByRole('dialog', { name: 'Add card' });
  await addCard.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await addCard.getByLabel(/^Expiry/).fill('12/30');
  await addCard.getByLabel(/^Security code/).fill('123');
  await addCard.getByLabel('Nickname').fill('Visa');
  await addCard.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByText('Visa XXXX4242').first()).toBeVisible();
  await page
    .getByRole('tab', { name: /^Account/ })
    .first()
    .click();
  await page.getByRole('button', { name: /^Take payment on account/ }).click();
  const take = page.getByRole('dialog', { name: /^Take a payment/ });
  await take.getByRole('combobox', { name: /^Payment method/ }).click();
  await page.getByRole('option', { name: 'Visa XXXX4242' }).click();
  await take.getByRole('textbox', { name: /^Amount/ }).fill('100');
  await take.getByRole('button', { name: /^Pay \$/ }).click();

  // Text receipt: the merchant's Thank You text, through the send path
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await receipt.getByRole('button', { name: 'Text receipt' }).click();
  await expect(page.getByText(/^Receipt text sent\./)).toBeVisible();
  await receipt.getByRole('button', { name: 'Close' }).click();

  await page.goto('/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  const thanks = await expectTextInOutbox(page, phone.e164, /Thank you Pat! We received your payment of \$100\.00/);
  await expect(thanks.getByText(`From ${DEMO_MOTORS_NUMBER}`)).toBeVisible();
  await expect(thanks.getByText('Delivered')).toBeVisible();
  await expect(thanks.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/);

  // The customer's reply, posted from the Outbox: HELP is answered by a text listed here
  const form = page.getByRole('form', { name: 'Post a reply' });
  await form.getByLabel(/^From number/).fill(phone.e164);
  await form.getByLabel(/^To number/).fill(DEMO_MOTORS_NUMBER);
  await form.getByLabel(/^Message/).fill('HELP');
  await form.getByRole('button', { name: 'Post reply' }).click();
  await expect(page.getByText('Reply posted.')).toBeVisible();
  await expectTextInOutbox(page, phone.e164, /Msg & data rates may apply/);
});
