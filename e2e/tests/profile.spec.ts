import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, PASSWORD, signIn } from '../support/journeys';

// "My profile" (issue 16, item 23): staff rename themselves and change their password, sign in with the new one,
// then put both back so the later journeys find the demo staff user as seeded. (The agent is reserved for the
// password reset journey, which changes its password.)

const NEW_PASSWORD = 'Fresh!Pass2026';

async function openMyProfile(page: Page, fullName: string) {
  await page.getByRole('button', { name: `User menu of ${fullName}` }).click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
}

async function saveName(page: Page, first: string, last: string) {
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name has been saved')).toBeVisible();
}

async function changePassword(page: Page, current: string, next: string) {
  await page.getByLabel('Current password').fill(current);
  await page.getByLabel(/^New password/).fill(next);
  await page.getByLabel('Confirm new password').fill(next);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();
}

async function logInWith(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function logout(page: Page, fullName: string) {
  await page.getByRole('button', { name: `User menu of ${fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a user changes their name and password on My profile and signs in with the new password', async ({ page }) => {
    await signIn(page, 'staff@demo.test');
    await openMyProfile(page, 'Stacy Staff');
    await expectNoSeriousViolations(page, 'My profile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await saveName(page, 'Stacia', 'Staffova');
    await expect(page.getByRole('button', { name: 'User menu of Stacia Staffova' })).toBeVisible();

    // A wrong current password is a field error, in a colour readable on white.
    await page.getByLabel('Current password').fill('Wrong!2026');
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your current password is not correct.')).toBeVisible();
    await expect(page.getByLabel('Current password')).toBeFocused();
    await expectNoSeriousViolations(page, 'My profile, wrong current password');

    await changePassword(page, PASSWORD, NEW_PASSWORD);
    await logout(page, 'Stacia Staffova');
    await logInWith(page, 'staff@demo.test', NEW_PASSWORD);

    // Put the staff user back as seeded.
    await page.goto('/profile');
    await saveName(page, 'Stacy', 'Staff');
    await changePassword(page, NEW_PASSWORD, PASSWORD);
  });
});
