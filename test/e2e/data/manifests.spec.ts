import { expect, test } from '@playwright/test';
import { openData } from './helpers.js';

test.describe('Data › Manifests', () => {
  test('looks a manifest up by hrid, barcode or uuid and shows its metadata', async ({ page }) => {
    await openData(page, 'Manifests');
    const query = page.getByTestId('manifest-query');
    const panel = page.getByTestId('manifest-metadata');

    await query.fill('PL-0001');
    await query.press('Enter');
    await expect(panel).toContainText('QC Plate 1');
    await expect(page.getByTestId('empty-spaces')).toHaveText('84 of 96');
    await expect(page.getByTestId('last-update')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d \((just now|\d+ .* ago)\)$/);
    const uuid = (await panel.locator('code').textContent()) ?? '';

    await query.fill('BOX000001'); // a barcode, guessed as such
    await query.press('Enter');
    await expect(panel).toContainText('Freezer Box 1');
    await expect(page.getByTestId('empty-spaces')).toHaveText('81 of 81');

    await page.getByLabel('Find by').selectOption('uuid');
    await query.fill(uuid);
    await query.press('Enter');
    await expect(panel).toContainText('PL-0001');

    await page.getByLabel('Find by').selectOption('hrid');
    await query.fill('PL-9999');
    await query.press('Enter');
    await expect(page.getByTestId('manifest-error')).toContainText('Not found');
    await expect(panel).toHaveCount(0);
  });
});
