import { expect, test } from '@playwright/test';
import { sharedHostUrl } from '../shared-host.js';
import { scanAndWait } from './user.js';

const url = sharedHostUrl;
test.use({ viewport: { width: 1366, height: 768 } });

test('Row update on the demo lab: its ID columns are known, said calmly, and Save is on screen', async ({ page }) => {
  // `npm start`'s embedded sandbox with the demo lab, as a newcomer meets it.
  await page.goto(url());
  await page.keyboard.press('Alt+3');
  const source = page.getByTestId('id-columns-source');
  await expect(page.getByTestId('id-columns')).toHaveAttribute('data-from', 'demo');
  await expect(page.getByTestId('id-column')).toHaveText('Sample ID');
  await expect(page.getByTestId('barcode-column')).toHaveText('Tube Barcode');
  // Nothing to check before the first scan: folded away, no amber warning about a guess.
  await expect(source).toBeHidden();
  await expect(source).toHaveText("Known: these are the demo lab's own ID and barcode columns.");
  await expect(page.locator('[data-testid=id-columns-source].guess')).toHaveCount(0);

  await page.getByTestId('scan-field').focus();
  await scanAndWait(page, 'TB000045', 'S-0045 opened');
  await expect(page.getByTestId('save-row')).toBeInViewport({ ratio: 1 });
});
