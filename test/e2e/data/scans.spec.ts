import { expect, test, type Page } from '@playwright/test';
import { openData } from './helpers.js';
import { pageIpc } from './page-ipc.js';

/** A keyboard-wedge scanner typing into the focused field: fast keys and Enter. */
async function wedgeScan(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}
/** A HID scanner's read, through main's scan path (the same route as Settings' "test your scanner"). */
async function hidScan(page: Page, text: string): Promise<void> {
  await pageIpc(page, [{ channel: 'scanner.test', payload: { text, to: 'reader' } }]);
}

test.describe('Data screen: scans', () => {
  test('a scanner typing into a look-up field looks the manifest up', async ({ page }) => {
    await openData(page, 'Manifests');
    await page.getByTestId('manifest-query').focus();
    await wedgeScan(page, 'PLT000002');
    await expect(page.getByTestId('manifest-metadata')).toContainText('Library Plate 1');
    await expect(page.getByTestId('manifest-query')).toHaveValue('PLT000002');
  });

  test('a scan with focus elsewhere goes to the tab on view; a tab without a scan use says so', async ({ page }) => {
    await openData(page, 'Manifests');
    await hidScan(page, 'BOX000001');
    await expect(page.getByTestId('manifest-metadata')).toContainText('Freezer Box 1');
    await expect(page.getByTestId('last-scan')).toContainText('BX-0001 Freezer Box 1: 81 empty');

    await page.getByRole('tab', { name: 'Labsheets' }).click();
    // No labsheet chosen yet: the scan is not searched, and the line says what to do.
    await hidScan(page, 'TB000010');
    await expect(page.getByTestId('last-scan')).toContainText('choose a labsheet in the list on the left');
    await page.getByTestId('labsheet-list').getByRole('button', { name: 'Samples' }).click();
    await expect(page.getByTestId('page-info')).toContainText('of 300');
    await hidScan(page, 'S-0123');
    await expect(page.getByTestId('search-info')).toContainText('1 row whose Sample ID contains "S-0123"');
    await expect(page.getByTestId('rows-table').locator('tbody tr')).toHaveCount(1);
    // A tube's barcode is searched in the barcode column, not the ID column.
    await hidScan(page, 'TB000010');
    await expect(page.getByTestId('search-info')).toContainText('1 row whose Tube Barcode contains "TB000010"');
    await expect(page.getByTestId('rows-table').locator('tbody tr')).toContainText('S-0010');
    await expect(page.getByRole('combobox', { name: 'Column to search' })).toHaveValue('Tube Barcode');

    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await hidScan(page, 'TB000001');
    await expect(page.getByTestId('last-scan')).toContainText('The Webhooks tab does not take scans');
  });
});
