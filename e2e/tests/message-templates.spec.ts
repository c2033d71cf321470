import { expect, test, type Page } from '@playwright/test';
import { choose, expectNoSeriousViolations, openMerchant, signIn } from '../support/journeys';

// Message templates (issue 20) on the seeded demo data: the list with its system templates, the editor's timing
// (delta_days = days × the relation's sign, the form showing the absolute value), the leave prompt and the preview.

test('an admin creates a template 3 days before the due date, and moves it after', async ({ page }) => {
  const name = `Reminder ${Date.now()}`;
  await signIn(page, 'admin@demo.test');
  const merchantPath = await openMerchant(page, 'Demo Motors');

  await page.getByRole('navigation').getByRole('link', { name: 'Templates' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${merchantPath}/message-templates$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();

  // A system template's toggle cannot be turned off; its tooltip says why.
  const systemToggle = page.locator('[data-testid^="system-toggle-"]').first();
  await expect(systemToggle.getByRole('switch')).toBeDisabled();
  await systemToggle.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Auto-generated templates must remain active.');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousViolations(page, 'template list (1280)');

  await page.getByRole('link', { name: 'Create Template' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Template' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await choose(page, 'Timing', 'Before due date');
  await page.getByRole('textbox', { name: 'Days' }).fill('3');
  await page.getByRole('tab', { name: 'Text' }).click();
  await page
    .getByRole('textbox', { name: 'Text message' })
    .fill('Hi {{first_name}}, a reminder. Reply STOP to opt out.');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Template saved!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${merchantPath}/message-templates/[0-9a-f-]{36}/text$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Templates > Edit Template' })).toBeVisible();
  const editPath = new URL(page.url()).pathname.replace(/\/text$/, '');

  // Read back after a reload: stored as +3, shown as 3 before.
  await page.goto(editPath);
  await expect(page.getByRole('combobox', { name: 'Timing' })).toHaveValue('Before due date');
  await expect(page.getByRole('textbox', { name: 'Days' })).toHaveValue('3');
  // And through the API with the page's own session.
  const stored = await readDeltaDays(page, editPath);
  expect(stored).toBe(3);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page, 'template editor (390)');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousViolations(page, 'template editor (1280)');

  // After the due date: stored as -3, still shown as 3.
  await choose(page, 'Timing', 'After due date');
  await expect(page.getByRole('textbox', { name: 'Days' })).toHaveValue('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Template saved!')).toBeVisible();
  await page.goto(`${merchantPath}/message-templates?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('3 days after due date');
  await page.goto(editPath);
  await expect(page.getByRole('combobox', { name: 'Timing' })).toHaveValue('After due date');
  expect(await readDeltaDays(page, editPath)).toBe(-3);
  await expect(page.getByRole('textbox', { name: 'Days' })).toHaveValue('3');

  // Leaving with a draft asks first; declining stays with the change.
  await page.getByRole('textbox', { name: 'Name' }).fill(`${name} changed`);
  await page.getByRole('link', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave Page?' });
  await expect(dialog).toContainText('Changes you made may not be saved.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${editPath}$`));
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(`${name} changed`);
});

test('the editor previews the draft with a random customer, then with a chosen one', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  const merchantPath = await openMerchant(page, 'Demo Motors');
  await page.goto(`${merchantPath}/message-templates/create/text`);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Template' })).toBeVisible();
  const body = page.getByRole('textbox', { name: 'Text message' });
  await body.fill('Hi {{first_name}}, a reminder. Reply STOP to opt out.');
  await page.getByRole('button', { name: 'Preview with a random customer' }).click();
  // axe is not run here: it cannot enter the email preview's sandboxed iframe (the editor passes it above).
  const preview = page.getByTestId('template-preview-text');
  await expect(preview).toContainText(', a reminder. Reply STOP to opt out.');
  await expect(preview).not.toContainText('{{first_name}}');

  // A chosen customer's preview shows the draft as it is typed, never saved, with a sample payment link.
  await page.getByRole('combobox', { name: 'Preview for a customer' }).click();
  const option = page.getByRole('option').first();
  const label = (await option.textContent()) ?? '';
  await option.click();
  await expect(page.getByText(`For ${label}`)).toBeVisible();
  await body.fill('Pay {{external_id}} here: {{payment_link}}');
  await expect(preview).toContainText(`Pay ${label.split(' · ')[1] ?? ''} here: `);
  await expect(preview).toContainText('/pay/sample-link-for-preview-only-not-for-paying');
  await expect(
    page.getByText('The payment link shown is a sample: each message sent gets its own new link.'),
  ).toBeVisible();
});

/** The stored delta_days of the template at the editor's path, read through the API with the page's own session. */
function readDeltaDays(page: Page, editPath: string): Promise<number | null> {
  return page.evaluate(async (path) => {
    const tokens = JSON.parse(localStorage.getItem('paydesk.session.tokens') ?? '{}') as { access?: string };
    const response = await fetch(`/api${path.replace('message-templates', 'message_templates')}/`, {
      headers: { Authorization: `Bearer ${tokens.access ?? ''}` },
    });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return ((await response.json()) as { delta_days: number | null }).delta_days;
  }, editPath);
}
