import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, signIn } from '../support/journeys';

// Account tags and the Activity log, on the seeded demo data: an admin's changes appear in the log with their name.

/** The merchant's settings path, e.g. `/merchants/<id>/settings`. */
async function settingsPathOf(page: Page, merchantName: string): Promise<string> {
  await page.getByRole('main').getByRole('link', { name: merchantName, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: merchantName })).toBeVisible();
  return `${new URL(page.url()).pathname}/settings`;
}

test('an admin’s tag and role changes appear in Activity with their name, filtered by kind', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const tagName = `Hardship ${suffix}`;
  const renamed = `Hardship plan ${suffix}`;
  await signIn(page, 'admin@demo.test', '/merchants');
  const settings = await settingsPathOf(page, 'Custom Roles Auto');

  // Tags: add one, then rename it.
  await page.goto(settings);
  await page.getByRole('tab', { name: 'Tags' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Skip Trace', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add tag' }).click();
  const add = page.getByRole('dialog', { name: 'Add tag' });
  await add.getByLabel('Name').fill(tagName);
  await add.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByText(`Tag ${tagName} added`)).toBeVisible();
  await page.getByRole('button', { name: `Rename ${tagName}` }).click();
  const rename = page.getByRole('dialog', { name: 'Rename tag' });
  await rename.getByLabel('Name').fill(renamed);
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText(`Tag renamed to ${renamed}`)).toBeVisible();
  await expect(page.getByRole('cell', { name: renamed, exact: true })).toBeVisible();

  // A role's description.
  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByRole('link', { name: 'Collector' }).click();
  await page.getByLabel('Description').fill(`Works the queue (${suffix})`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Role saved')).toBeVisible();

  // The log, newest first, names the person.
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(page.getByText('Avery Admin updated Role Collector')).toBeVisible();
  await expect(page.getByText(`Avery Admin updated Tag ${renamed}`)).toBeVisible();
  await expect(page.getByText(`Avery Admin created Tag ${tagName}`)).toBeVisible();

  const roleRow = page.getByRole('row').filter({ hasText: 'Avery Admin updated Role Collector' });
  await roleRow.getByRole('button', { name: /^Show changes/ }).click();
  await expect(roleRow.getByText(`Works the queue (${suffix})`, { exact: false })).toBeVisible();

  // Only tag entries with the Tag kind.
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Tag', exact: true }).click();
  await expect(page).toHaveURL(/kind=tag/);
  await expect(page.getByText('Avery Admin updated Role Collector')).toHaveCount(0);
  await expect(page.getByText(`Avery Admin updated Tag ${renamed}`)).toBeVisible();
  await expect(page.getByText('2 entries')).toBeVisible();
});

test('staff see neither Tags nor Activity', async ({ page }) => {
  await signIn(page, 'staff@demo.test', '/merchants');
  const settings = await settingsPathOf(page, 'Demo Motors');
  await page.goto(settings);
  await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Tags' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Activity' })).toHaveCount(0);
  await page.goto(`${settings}/activity`);
  await expect(page).not.toHaveURL(/\/activity$/);
});

for (const viewport of [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 390, height: 844 },
] as const) {
  test(`tags and activity pass axe at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, 'admin@demo.test', '/merchants');
    const settings = await settingsPathOf(page, 'Demo Motors');

    await page.goto(`${settings}/tags`);
    await expect(page.getByText('Repo Risk')).toBeVisible();
    await expectNoSeriousViolations(page, 'settings tags');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByRole('dialog', { name: 'Add tag' })).toBeVisible();
    await expectNoSeriousViolations(page, 'add tag dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Remove VIP' }).click();
    await expect(page.getByRole('dialog', { name: 'Remove tag?' })).toBeVisible();
    await expectNoSeriousViolations(page, 'remove tag dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // An entry to show: rename the merchant's tag and back.
    await page.getByRole('button', { name: 'Rename VIP' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill(`VIP ${viewport.label}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto(`${settings}/activity`);
    const entry = page.getByText(`Avery Admin updated Tag VIP ${viewport.label}`);
    await expect(entry).toBeVisible();
    await page
      .getByRole('button', { name: /^Show changes/ })
      .first()
      .click();
    await expectNoSeriousViolations(page, 'settings activity');
  });
}
