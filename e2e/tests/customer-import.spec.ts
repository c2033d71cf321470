import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, signIn } from '../support/journeys';

// Importing customers from a CSV at Demo Motors (seeded demo data): the upload screen (breadcrumb, title, drop zone
// with Choose file, a sample CSV); the server's preview counts the bad row out of the import button; a row opting a
// customer in to texts asks for I'm Sure once for the file; one bad row is reported with its reason while the others
// import; the progress finishes and the failed-rows report downloads. axe at desktop and phone widths.

async function openImport(page: Page): Promise<string> {
  await page.goto('/merchants');
  await page.getByRole('main').getByRole('link', { name: 'Demo Motors', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Motors' })).toBeVisible();
  const merchantPath = new URL(page.url()).pathname;
  await page.goto(`${merchantPath}/customers/import`);
  await expect(page.getByRole('heading', { level: 1, name: 'Import customers' })).toBeVisible();
  return merchantPath;
}

/** A valid US number no demo customer has (they use 555-01XX): (312) 8XX-XXXX from the clock. */
function uniquePhone(): string {
  const tail = String(Date.now()).slice(-6);
  return `(312) 8${tail.slice(0, 2)}-${tail.slice(2)}`;
}

/** Ada opts in to texts (her own number per viewport); Bob's email is not valid. */
function csvFile(tag: string, phone: string) {
  const lines = [
    'First Name,Last Name,Email,Account Number,Amount Due,Due Date,Location,Phone,Text Opt In',
    `Ada,Import${tag},ada.${tag}@example.com,E2E-${tag}-1,$120.50,01/15/2031,Main St,${phone},yes`,
    `Bob,Import${tag},not-an-email,E2E-${tag}-2,80,02/01/2031,Main St,,no`,
    `Cy,Import${tag},cy.${tag}@example.com,E2E-${tag}-3,"1,000.00",03/10/2031,Airport Rd,,no`,
  ];
  return { name: `customers-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) };
}

for (const viewport of [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 390, height: 844 },
] as const) {
  test(`an admin imports a CSV with one bad row and downloads its report (${viewport.label})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const tag = `${viewport.label}${Date.now()}`;
    await signIn(page, 'admin@demo.test');
    const merchantPath = await openImport(page);
    await expect(page).toHaveTitle('Import customers · Paydesk');
    await expect(page.getByRole('main').getByRole('link', { name: 'Customers' })).toHaveAttribute(
      'href',
      `${merchantPath}/customers`,
    );
    const [sample] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download a sample CSV' }).click(),
    ]);
    expect((await readFile(await sample.path(), 'utf8')).split(/\r?\n/)[0]).toContain('External ID');
    await expectNoSeriousViolations(page, 'upload');

    // The drop zone's Choose file button opens the system's file chooser.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Choose file' }).click(),
    ]);
    await chooser.setFiles(csvFile(tag, uniquePhone()));
    await expect(page.getByText(/Step 2 of 5: Map columns/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Columns in the file' })).toContainText('Account Number');
    await expect(page.getByRole('combobox', { name: /^External ID/ })).toHaveValue('Account Number');
    await expectNoSeriousViolations(page, 'map');

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('table', { name: 'Preview of the first rows' });
    await expect(preview).toBeVisible();
    await expect(preview.locator('[data-problem="true"]')).toHaveCount(1);
    await expect(preview.locator('[data-problem="true"]')).toContainText('Email is not valid');
    await expect(
      page.getByText(/Of 3 rows: 2 new customers, 0 updates of existing accounts, 1 row that will not/),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'preview');

    // Bob's row will fail: the button counts the rows that will import.
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    const affirm = page.getByRole('dialog', { name: 'Confirm opt-ins' });
    await expect(affirm).toContainText(
      'I affirm that the customer has given express permission to receive text messages.',
    );
    await expectNoSeriousViolations(page, 'opt-in affirmation');
    await affirm.getByRole('button', { name: "I'm Sure" }).click();
    await expect(page.getByText('Import finished')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Imported 2, failed 1/)).toBeVisible();
    await expectNoSeriousViolations(page, 'result');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download report' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`customers-${tag}-failed-rows.csv`);
    const report = await readFile(await download.path(), 'utf8');
    const lines = report.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'First Name,Last Name,Email,Account Number,Amount Due,Due Date,Location,Phone,Text Opt In,row,reason',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`E2E-${tag}-2`);
    expect(lines[1]).toContain('Email: Email is not valid');

    await page.getByRole('link', { name: 'Go to the customer list' }).click();
    await expect(page).toHaveURL(new RegExp(`${merchantPath}/customers$`));
  });
}
