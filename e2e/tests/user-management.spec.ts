import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/journeys';

// Changing a role and re-enabling a disabled user on the seeded demo data (apps/api/src/db/seed.ts).

async function openUsers(page: Page, merchantName: string) {
  await page.getByRole('main').getByRole('link', { name: merchantName, exact: true }).click();
  await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
}

test('an admin changes a user’s role to a custom role and back', async ({ page }) => {
  const email = `role-change-${Date.now()}@demo.test`;
  await signIn(page, 'admin@demo.test', '/merchants');
  await openUsers(page, 'Custom Roles Auto');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite user' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('First name').fill('Rory');
  await invite.getByLabel('Last name').fill('Rolechange');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Staff');

  await row.getByRole('button', { name: 'More actions for Rory Rolechange' }).click();
  await page.getByRole('menuitem', { name: 'Change role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change role' });
  await dialog.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: 'Custom role' }).click();
  await dialog.getByRole('combobox', { name: 'Custom role' }).click();
  await page.getByRole('option', { name: 'Collector' }).click();
  await dialog.getByRole('button', { name: 'Save role' }).click();
  await expect(row).toContainText('Collector');

  await row.getByRole('button', { name: 'More actions for Rory Rolechange' }).click();
  await page.getByRole('menuitem', { name: 'Change role' }).click();
  await dialog.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: 'Staff' }).click();
  await dialog.getByRole('button', { name: 'Save role' }).click();
  await expect(row).toContainText('Staff');
});

test('an admin re-enables the disabled user of Demo Motors, who can sign in again', async ({ page, browser }) => {
  await signIn(page, 'admin@demo.test', '/merchants');
  await openUsers(page, 'Demo Motors');
  const row = page.getByRole('row').filter({ hasText: 'inactive@demo.test' });
  await expect(row).toContainText('Disabled');
  await row.getByRole('button', { name: 'Re-enable Ian Inactive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Re-enable user' });
  await dialog.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: 'Staff' }).click();
  await dialog.getByRole('button', { name: 'Re-enable user' }).click();
  await expect(page.getByText('Ian Inactive re-enabled')).toBeVisible();
  await expect(row).toContainText('Active');

  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, 'inactive@demo.test', '/merchants');
  await context.close();
});
