import { expect, test } from '@playwright/test';
import {
  addCard,
  chooseMerchant,
  createOwingCustomer,
  expectNoSeriousViolations,
  openAccountTab,
  signIn,
} from '../support/journeys';

// Money on an account, on the sandbox processor: add a card, take a payment with the convenience fee, see and
// email the receipt, refund part of it, and see the ledger's effect on the amount due and the transactions.

test('payments: add a card, take a payment with a fee, email the receipt, refund part of it', async ({ page }) => {
  const lastName = `Payer${Date.now()}`;
  await signIn(page, 'admin@demo.test');
  // The admin works for three merchants; the card merchant account is Demo Motors' at Main St.
  await chooseMerchant(page);
  await createOwingCustomer(page, { firstName: 'Pat', lastName, amountDue: '250.00', convenienceFee: '2.95' });

  // A card, through the processor's tokeniser
  await addCard(page);

  // Take $100.00 with the $2.95 fee
  await openAccountTab(page);
  await page.getByRole('button', { name: /^Take payment on account/ }).click();
  const take = page.getByRole('dialog', { name: /^Take a payment/ });
  await take.getByRole('combobox', { name: /^Payment method/ }).click();
  await page.getByRole('option', { name: 'Visa XXXX4242' }).click();
  await take.getByRole('textbox', { name: /^Amount/ }).fill('100');
  await expect(take.getByLabel('Total')).toHaveText('$102.95');
  await expectNoSeriousViolations(page, 'take payment');
  await take.getByRole('button', { name: 'Pay $102.95' }).click();

  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByText('Demo Motors')).toBeVisible();
  await expect(receipt.getByText('$102.95').first()).toBeVisible();
  await expect(receipt.getByText(/Date: \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await receipt.getByLabel('Email the receipt to').fill('pat@example.com');
  await receipt.getByRole('button', { name: 'Email receipt' }).click();
  await expect(page.getByText('Receipt sent')).toBeVisible();
  await receipt.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByText('$150.00')).toBeVisible();
  const transactions = page.getByRole('region', { name: 'Transactions' });
  await expect(transactions.getByText('Paid', { exact: true })).toBeVisible();

  // Refund $50.00 of it
  await transactions.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund payment' });
  const amount = refund.getByRole('textbox', { name: 'Refund to Visa XXXX4242' });
  await expect(amount).toHaveValue('$102.95');
  await amount.fill('50');
  await refund.getByRole('button', { name: 'Refund $50.00' }).click();
  await expect(page.getByText('Refunded $50.00')).toBeVisible();
  // The refund is a line of its own beside the payment (a header row and two lines).
  await expect(transactions.getByRole('row')).toHaveCount(3);
  await expect(transactions.getByText('Partially refunded')).toBeVisible();
  await expect(page.getByText('$200.00')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page, 'account with transactions at 390 px');
});
