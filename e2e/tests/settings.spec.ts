import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/journeys';

// Merchant settings journeys on the seeded demo data (apps/api/src/db/seed.ts): users, custom roles and who sees what.

async function openSettings(page: Page, merchantName: string) {
  await page.getByRole('main').getByRole('link', { name: merchantName, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: merchantName })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();
  // The settings pages are named by their heading: General first.
  await expect(page.getByRole('heading', { level: 1, name: 'General' })).toBeVisible();
}

test('an admin invites a user and sees them Pending', async ({ page }) => {
  const email = `invitee-${Date.now()}@demo.test`;
  await signIn(page, 'admin@demo.test', '/merchants');
  await openSettings(page, 'Demo Motors');
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First name').fill('Ivy');
  await dialog.getByLabel('Last name').fill('Invitee');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();

  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Ivy Invitee');
  await expect(row).toContainText('Staff');
  await expect(row).toContainText('Pending');
});

test('an admin creates a custom role at Custom Roles Auto', async ({ page }) => {
  const roleName = `Desk lead ${Date.now()}`;
  await signIn(page, 'admin@demo.test', '/merchants');
  await openSettings(page, 'Custom Roles Auto');
  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByRole('link', { name: 'Create role' }).click();

  await page.getByLabel('Role name').fill(roleName);
  await page.getByLabel('Description').fill('Leads the payments desk');
  await page.getByRole('switch', { name: 'Refund payments' }).check();
  await page.getByRole('switch', { name: 'Waive convenience fees' }).check();
  await page.getByLabel('Minimum payment amount').fill('5');
  await page.getByLabel('Maximum payment amount').fill('2500.50');
  await page.getByRole('button', { name: 'Create role' }).click();

  await expect(page.getByText(`Role ${roleName} created`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: roleName });
  await expect(row).toContainText('2 of 13');
  await expect(row).toContainText('$5.00 – $2,500.50');

  // The limits went over the wire as cents and come back as the same dollars.
  await row.getByRole('link', { name: roleName }).click();
  await expect(page.getByLabel('Maximum payment amount')).toHaveValue('$2,500.50');
  await expect(page.getByRole('switch', { name: 'Refund payments' })).toBeChecked();
});

test('staff are not shown the Roles settings', async ({ page }) => {
  await signIn(page, 'staff@demo.test', '/merchants');
  await openSettings(page, 'Demo Motors');

  await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Roles' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByLabel('Name')).toBeDisabled();

  // Typing the address does not open it either: the route guard sends staff away.
  const settingsUrl = page.url();
  await page.goto(`${new URL(settingsUrl).pathname.replace(/\/$/, '')}/roles`);
  await expect(page).not.toHaveURL(/\/settings\/roles$/);
  await expect(page.getByRole('link', { name: 'Create role' })).toHaveCount(0);
});
