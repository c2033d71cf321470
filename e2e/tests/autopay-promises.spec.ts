import { expect, test } from '@playwright/test';
import {
  addCard,
  chooseMerchant,
  createOwingCustomer,
  expectNoSeriousViolations,
  openAccountTab,
  signIn,
} from '../support/journeys';

// Autopay and promises to pay on an account (issue 19 items 2, 3): enrol the customer with a saved card, record a
// promise for tomorrow, and find it on /promises for follow-up.

/** Tomorrow in Demo Motors' time zone, as typed into a date field (MM/DD/YYYY). */
function tomorrowInNewYork(): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(Date.now() + 24 * 60 * 60 * 1000));
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')}`;
}

test('autopay and promises: enrol autopay, record a promise and see it on /promises', async ({ page }) => {
  const lastName = `Promiser${Date.now()}`;
  await signIn(page, 'admin@demo.test');
  await chooseMerchant(page);
  await createOwingCustomer(page, { firstName: 'Robin', lastName, amountDue: '300.00' });

  await addCard(page);

  // Autopay with the saved card
  await openAccountTab(page);
  const autopay = page.getByRole('region', { name: 'Autopay' });
  await expect(autopay.getByText('Not enrolled.')).toBeVisible();
  await autopay.getByRole('button', { name: /^Enrol in autopay on account/ }).click();
  const enrol = page.getByRole('dialog', { name: /^Autopay on account/ });
  await enrol.getByRole('combobox', { name: /^Payment method/ }).click();
  await page.getByRole('option', { name: 'Visa XXXX4242' }).click();
  await expectNoSeriousViolations(page, 'enrol autopay');
  await enrol.getByRole('button', { name: 'Turn on autopay' }).click();
  await expect(enrol).toBeHidden();
  await expect(autopay.getByText('On', { exact: true })).toBeVisible();
  await expect(autopay.getByText(new RegExp(`Robin ${lastName} pays with Visa XXXX4242`))).toBeVisible();

  // A promise for tomorrow at 10:30 am (merchant time), too soon first
  const promises = page.getByRole('region', { name: 'Promises to pay' });
  await expect(promises.getByText('No open promises.')).toBeVisible();
  await promises.getByRole('button', { name: /^Record a promise to pay on account/ }).click();
  const record = page.getByRole('dialog', { name: /^Record a promise to pay/ });
  await record.getByRole('textbox', { name: /^Amount/ }).fill('120');
  const date = record.getByRole('textbox', { name: /^Date/ });
  await date.fill(tomorrowInNewYork());
  await date.press('Tab');
  await record.getByLabel(/^Time/).fill('10:30');
  await record.getByLabel('Note').fill('Pays after payday');
  await expectNoSeriousViolations(page, 'record promise');
  await record.getByRole('button', { name: 'Record promise' }).click();
  await expect(record).toBeHidden();
  const row = promises.getByRole('row', { name: /\$120\.00/ });
  await expect(row).toContainText('Unconfirmed');
  await expect(row).toContainText('Pays after payday');
  await expect(row).toContainText('10:30');

  // The follow-up list
  await page.goto('/promises');
  await expect(page.getByRole('heading', { level: 1, name: 'Promises' })).toBeVisible();
  const listed = page.getByRole('row', { name: new RegExp(`Robin ${lastName}`) });
  await expect(listed).toContainText('$120.00');
  await expect(listed).toContainText('Open');
  await expectNoSeriousViolations(page, 'promises');
  await page.getByText('Broken', { exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Robin ${lastName}`) })).toHaveCount(0);
});
