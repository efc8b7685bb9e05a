import { expect, test } from '@playwright/test';
import { openData } from './helpers.js';

test.describe('Data › Labflows', () => {
  test('links the rows selected in a labsheet to a test', async ({ page }) => {
    await openData(page, 'Labsheets');
    await page.getByTestId('labsheet-list').getByRole('button', { name: 'Samples' }).click();
    await page.getByRole('checkbox', { name: 'Select row S-0004' }).check();
    await page.getByRole('checkbox', { name: 'Select row S-0005' }).check();

    await page.getByRole('tab', { name: 'Labflows' }).click();
    const form = page.getByTestId('link-samples');
    await expect(form).toContainText('2 rows selected in the Labsheets tab (Samples)');
    await form.getByLabel('Labflow ID').fill('LF-0001');
    await form.getByLabel('Test (protocol template) ID').fill('PT-0001');
    await form.getByRole('button', { name: 'Link 2 samples' }).click();
    await expect(page.getByTestId('link-status')).toHaveAttribute('data-phase', 'done');
    await expect(page.getByTestId('link-result')).toContainText(/Samples linked\s*2/);

    // A test that is not part of the labflow: the service's reason is shown.
    await form.getByLabel('Test (protocol template) ID').fill('PT-0003');
    await form.getByRole('button', { name: 'Link 2 samples' }).click();
    await expect(page.getByTestId('link-status')).toHaveAttribute('data-phase', 'failed');
    await expect(page.getByTestId('link-status-error')).toContainText('PT-0003');
    await page.getByTestId('link-status').getByRole('button', { name: 'Discard it' }).click();
  });
});
