import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, signIn } from '../support/journeys';

// Issue 18's payment pages on the sandbox processor: a bank account with its debit authorisation, moving a payment
// to another account, and a down payment on no account. Each screen is checked by axe at 1280 and 390 px.

async function onDemoMotors(page: Page) {
  await signIn(page, 'admin@demo.test');
  await page.getByRole('combobox', { name: 'Current merchant' }).click();
  await page.getByRole('option', { name: 'Demo Motors', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Current merchant' })).toContainText('Demo Motors');
}

/** Creates a customer at Main St with an account owing `due`; answers the account number. */
async function createCustomer(page: Page, lastName: string, due: string): Promise<string> {
  const accountNumber = `M-${lastName}`;
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByRole('link', { name: 'Create customer' }).click();
  await page.getByLabel('First name').fill('Mo');
  await page.getByLabel('Last name').fill(lastName);
  const location = page.getByRole('combobox', { name: /^Location/ });
  await expect(location.locator('option')).not.toHaveCount(1);
  await location.selectOption({ label: 'Main St' });
  await page.getByLabel('Account number').fill(accountNumber);
  await page.getByLabel('Amount due').fill(due);
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Mo ${lastName}` })).toBeVisible();
  return accountNumber;
}

async function atBothWidths(page: Page, screen: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousViolations(page, `${screen} at 1280 px`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page, `${screen} at 390 px`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('payment methods: add a bank account with its debit authorisation', async ({ page }) => {
  const lastName = `Bank${Date.now()}`;
  await onDemoMotors(page);
  await createCustomer(page, lastName, '100.00');
  await page.getByRole('tab', { name: 'Payment methods' }).click();
  await page.getByRole('button', { name: 'Add bank account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add bank account' });
  await dialog.getByRole('button', { name: 'Add bank account' }).click();
  await expect(dialog.getByText('The customer must give this authorisation.')).toBeVisible();
  await dialog.getByLabel(/^Account holder/).fill(`Mo ${lastName}`);
  await dialog.getByLabel(/^Routing number/).fill('011000015');
  await dialog.getByLabel(/^Account number/).fill('000123456789');
  await expect(dialog.getByTestId('authorization-text')).toContainText(`I, Mo ${lastName}, authorize Demo Motors`);
  await dialog.getByRole('combobox', { name: 'How the customer gave it' }).click();
  await page.getByRole('option', { name: 'In person' }).click();
  await dialog.getByRole('checkbox', { name: 'The customer gave this authorisation' }).check();
  await dialog.getByLabel('Nickname').fill('Checking');
  await atBothWidths(page, 'add bank account');
  await dialog.getByRole('button', { name: 'Add bank account' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Checking .*6789/).first()).toBeVisible();
});

test('move payment: a payment taken on the wrong account goes to another with a reason', async ({ page }) => {
  const stamp = Date.now();
  await onDemoMotors(page);
  const to = await createCustomer(page, `To${stamp}`, '300.00');
  const from = await createCustomer(page, `From${stamp}`, '200.00');

  // Pay $100.00 with a card typed in the Take payment dialog (BIN lookup as it is typed)
  await page.getByRole('button', { name: /^Take payment on account/ }).click();
  const take = page.getByRole('dialog', { name: /^Take a payment/ });
  await take.getByRole('combobox', { name: /^Payment method/ }).click();
  await page.getByRole('option', { name: 'New card or bank account' }).click();
  await take.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await expect(take.getByLabel('Card found')).toContainText('Visa');
  await take.getByLabel(/^Expiry/).fill('12/30');
  await take.getByLabel(/^Security code/).fill('123');
  await take.getByRole('textbox', { name: /^Amount/ }).fill('100');
  await atBothWidths(page, 'take payment with a new card');
  await take.getByRole('button', { name: /^Pay \$/ }).click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByText('Demo Motors')).toBeVisible();
  await receipt.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('$100.00').first()).toBeVisible();

  await page.goto('/customers/move-payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Move payment' })).toBeVisible();
  await page.getByLabel(/^Search the account it is on/).fill(`From${stamp}`);
  await page.getByRole('combobox', { name: /^Account it is on/ }).click();
  await page.getByRole('option', { name: new RegExp(from) }).click();
  await page.getByRole('combobox', { name: /^Payment/ }).click();
  await page.getByRole('option', { name: /\$100\.00 · PAID/ }).click();
  await page.getByLabel(/^Search the account to move it to/).fill(`To${stamp}`);
  await page.getByRole('combobox', { name: /^Move to account/ }).click();
  await page.getByRole('option', { name: new RegExp(to) }).click();
  await page.getByLabel(/^Reason/).fill('Taken on the wrong account');
  await atBothWidths(page, 'move payment');
  await page.getByRole('button', { name: 'Move payment' }).click();
  await expect(page.getByText(/Payment moved to/)).toBeVisible();

  // The target account now owes $200.00; its history says why
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).click();
  await page
    .getByRole('link', { name: new RegExp(`To${stamp}`) })
    .first()
    .click();
  await expect(page.getByText('$200.00').first()).toBeVisible();
});

test('down payment: a payment on no account with a payer, a description and a new card', async ({ page }) => {
  await onDemoMotors(page);
  await page.getByRole('link', { name: 'Down payment' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Down payment' })).toBeVisible();
  await page.getByLabel(/^Payer name/).fill('Dana Down');
  await page.getByLabel(/^Description/).fill('Down payment on a 2019 Civic');
  await page.getByRole('combobox', { name: /^Location/ }).click();
  await page.getByRole('option', { name: 'Main St', exact: true }).click();
  await page.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await page.getByLabel(/^Expiry/).fill('12/30');
  await page.getByLabel(/^Security code/).fill('123');
  await page.getByRole('textbox', { name: /^Amount/ }).fill('500');
  await atBothWidths(page, 'down payment');
  await page.getByRole('button', { name: 'Take payment' }).click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByText('Dana Down')).toBeVisible();
  await expect(receipt.getByText(/\$500\.00/).first()).toBeVisible();
  await atBothWidths(page, 'down payment receipt');
});
