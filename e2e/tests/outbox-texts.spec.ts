import { expect, test, type Page } from '@playwright/test';
import { addCard, chooseMerchant, createOwingCustomer, openAccountTab, signIn } from '../support/journeys';

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
  await chooseMerchant(page);

  // A customer with a phone who agreed to texts
  await createOwingCustomer(page, {
    firstName: 'Pat',
    lastName,
    amountDue: '250.00',
    mobilePhone: phone.digits,
    textOptIn: true,
  });

  // A card and a payment
  await addCard(page);
  await openAccountTab(page);
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
