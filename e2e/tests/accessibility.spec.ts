import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, openMerchant, signIn } from '../support/journeys';

// axe over every built screen, signed out and as the demo users who can open it, at desktop and phone widths:
// no serious or critical violation may remain (WCAG 2.1 AA rules and axe's best practices).

const DEAD_ID = '00000000-0000-4000-8000-000000000000';

const VIEWPORTS = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 390, height: 844 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`accessibility at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('public screens', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Merchant login' })).toBeVisible();
      await expectNoSeriousViolations(page, 'login');

      await page.goto('/forgot-password');
      await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
      await expectNoSeriousViolations(page, 'forgot password');

      await page.goto(`/reset-password/${DEAD_ID}/dead-token`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, 'reset password (dead link)');

      await page.goto(`/partner-signup/${DEAD_ID}/dead-token`);
      await expect(page.getByText('This invitation link cannot be used.')).toBeVisible();
      await expectNoSeriousViolations(page, 'partner signup (dead link)');

      await page.goto(`/partner-invite/${DEAD_ID}/dead-token`);
      await expect(page.getByText('This invitation link cannot be used.')).toBeVisible();
      await expectNoSeriousViolations(page, 'partner invite (dead link)');

      await page.goto('/unauthorized');
      await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
      await expectNoSeriousViolations(page, 'unauthorized (signed out)');

      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
      await expectNoSeriousViolations(page, '404 (signed out)');
    });

    test('a user without roles: the unauthorized page', async ({ page }) => {
      await signIn(page, 'noroles@demo.test');
      await expect(page.getByRole('heading', { name: "You don't have access yet" })).toBeVisible();
      await expectNoSeriousViolations(page, 'unauthorized (signed in)');
    });

    test('an admin: home, merchants, settings, users, roles, dialogs and 404', async ({ page }) => {
      await signIn(page, 'admin@demo.test');
      await expect(page.getByRole('heading', { name: 'Welcome, Avery' })).toBeVisible();
      await expectNoSeriousViolations(page, 'home');

      if (viewport.label === 'phone') {
        await page.getByRole('button', { name: 'Toggle navigation' }).click();
        await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
        await expectNoSeriousViolations(page, 'navigation menu (phone)');
        await page.getByRole('button', { name: 'Toggle navigation' }).click();
      }

      await page.goto('/merchants');
      await expect(page.getByRole('heading', { name: 'Merchants', level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, 'merchant list');

      const merchantPath = await openMerchant(page, 'Custom Roles Auto');
      await expectNoSeriousViolations(page, 'merchant detail');

      await page.goto(`${merchantPath}/settings`);
      await expect(page.getByRole('heading', { level: 1, name: 'General' })).toBeVisible();
      await expectNoSeriousViolations(page, 'settings general');

      await page.goto(`${merchantPath}/settings/users`);
      await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await expectNoSeriousViolations(page, 'settings users');

      await page.getByRole('button', { name: 'Invite user' }).click();
      await expect(page.getByRole('dialog', { name: 'Invite user' })).toBeVisible();
      await expectNoSeriousViolations(page, 'invite user dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page
        .getByRole('button', { name: /^More actions for / })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Change role' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, 'change role dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto(`${merchantPath}/settings/roles`);
      await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Collector' })).toBeVisible();
      await expectNoSeriousViolations(page, 'settings roles');

      await page.getByRole('link', { name: 'Create role' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Create role' })).toBeVisible();
      await expectNoSeriousViolations(page, 'settings role create');

      await page.goto(`${merchantPath}/settings/roles`);
      await page.getByRole('link', { name: 'Collector' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Collector' })).toBeVisible();
      await expectNoSeriousViolations(page, 'settings role detail');

      await page.getByRole('button', { name: 'Delete role' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete role?' })).toBeVisible();
      await expectNoSeriousViolations(page, 'confirm dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
      await expectNoSeriousViolations(page, '404 (signed in)');
    });

    test('staff: the read-only general settings', async ({ page }) => {
      await signIn(page, 'staff@demo.test');
      const merchantPath = await openMerchant(page, 'Demo Motors');
      await page.goto(`${merchantPath}/settings`);
      await expect(page.getByRole('heading', { level: 1, name: 'General' })).toBeVisible();
      await expectNoSeriousViolations(page, 'settings general (staff, read only)');
    });

    test('a super user: create merchant and the outbox', async ({ page }) => {
      await signIn(page, 'super@demo.test');
      await page.goto('/merchants/create');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, 'merchant create');

      await page.goto('/outbox');
      await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
      await expectNoSeriousViolations(page, 'outbox');
    });
  });
}
