import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { collectPageErrors, openData } from './helpers.js';

test.describe('Data › Labsheets: browse', () => {
  test('lists labsheets, pages through rows within the limits, filters archived rows', async ({ page }) => {
    const errors = collectPageErrors(page);
    await openData(page, 'Labsheets');
    const list = page.getByTestId('labsheet-list');
    await expect(list.getByRole('button', { name: 'Samples' })).toBeVisible();
    await expect(list.getByRole('button', { name: 'Reagents' })).toBeVisible();
    await list.getByRole('button', { name: 'Samples' }).click();

    await expect(page.getByTestId('page-info')).toHaveText('Page 1 of 6 · rows 1–50 of 300');
    const table = page.getByTestId('rows-table');
    await expect(table.locator('tbody tr')).toHaveCount(50);
    await expect(table.locator('thead')).toContainText('Sample ID');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByTestId('page-info')).toHaveText('Page 2 of 6 · rows 51–100 of 300');
    await expect(table.locator('tbody tr').first()).toContainText('S-0051');

    // Changing the size keeps the first visible row: row 51 is on page 3 of 25s.
    await page.getByLabel('Rows per page').selectOption('25');
    await expect(page.getByTestId('page-info')).toHaveText('Page 3 of 12 · rows 51–75 of 300');
    // The biggest size the service allows (1000) is offered, nothing bigger.
    await expect(page.getByLabel('Rows per page').locator('option').last()).toHaveText('1000');

    // Archived filter: discarded tubes (every 23rd) are archived in the demo lab.
    await page.getByTestId('archived-filter').selectOption('archived');
    await expect(page.getByTestId('page-info')).toHaveText('Page 1 of 1 · rows 1–13 of 13');
    await page.getByTestId('archived-filter').selectOption('unarchived');
    await expect(page.getByTestId('page-info')).toContainText('of 287');
    await page.getByTestId('archived-filter').selectOption('any');
    await expect(page.getByTestId('page-info')).toContainText('of 300');
    expect(errors).toEqual([]);
  });

  test('searches by ID across all pages with progress, and exports the shown rows to CSV', async ({ page }) => {
    await openData(page, 'Labsheets');
    await page.getByTestId('labsheet-list').getByRole('button', { name: 'Samples' }).click();
    await expect(page.getByTestId('page-info')).toContainText('of 300');

    await page.getByTestId('row-search').fill('s-029');
    await page.getByTestId('row-search').press('Enter');
    await expect(page.getByTestId('search-info')).toContainText(
      '10 rows whose Sample ID contains "s-029" (searched 300 rows)',
    );
    await expect(page.getByTestId('rows-table').locator('tbody tr')).toHaveCount(10);

    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Samples-search.csv');
    const csv = (await readFile(await file.path())).toString('utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^uuid,Sample ID,Tube Barcode,/);
    expect(lines).toHaveLength(11);
    expect(lines[1]).toContain('S-0290');

    // Clearing the search returns to paging, and the page export is named after its rows.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByTestId('page-info')).toContainText('rows 1–50 of 300');
    const pageDownload = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    expect((await pageDownload).suggestedFilename()).toBe('Samples-rows-1-50.csv');
  });

  test('row selection is kept across pages and shown as a count', async ({ page }) => {
    await openData(page, 'Labsheets');
    await page.getByTestId('labsheet-list').getByRole('button', { name: 'Samples' }).click();
    await page.getByRole('checkbox', { name: 'Select row S-0001' }).check();
    await page.getByRole('checkbox', { name: 'Select row S-0002' }).check();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('checkbox', { name: 'Select row S-0051' }).check();
    await expect(page.getByTestId('selection-info')).toContainText('3 rows selected');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page.getByRole('checkbox', { name: 'Select row S-0001' })).toBeChecked();
    // Keyboard: the page-jump field takes a number and Enter.
    await page.getByLabel('Go to page').fill('6');
    await page.getByLabel('Go to page').press('Enter');
    await expect(page.getByTestId('page-info')).toHaveText('Page 6 of 6 · rows 251–300 of 300');
  });
});
