import { expect, test } from '@playwright/test';
import { sharedHostUrl } from '../shared-host.js';

/**
 * The keyboard wedge against the page as a person meets it: the app started with `npm start`
 * (global setup), a scanner firing as soon as the page has loaded, and Space on the controls.
 */
const url = sharedHostUrl;

test('a scan made as soon as the page has loaded keeps its first characters', async ({ page }) => {
  // While the page loads, the first keys land on the bare page, its settings arrive, and then Well
  // fill focuses its scan field, all mid-read; the page is busy, so keys come 50-160 ms apart. Each
  // of these lost a read's head at least once in five loads.
  // Plates only: opening one (or being asked to switch to it) writes nothing to the host the other
  // specs share; each load scans another, so the line checked is always this load's.
  for (let load = 0; load < 6; load++) {
    const code = `PLT00000${(load % 3) + 1}`;
    await page.goto(url());
    await page.keyboard.type(code, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('last-scan'), `load ${load + 1}`).toHaveText(new RegExp(`(^|\\s)${code}\\b`));
  }
});

test("a person's Space presses the focused tab or well, as Enter does", async ({ page }) => {
  await page.goto(url());
  await expect(page.getByTestId('scan-field')).toBeFocused();
  await page.keyboard.type('PLT000001', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('last-scan')).toContainText('PL-0001');
  const well = page.getByTestId('well-A1');
  await well.focus();
  await page.keyboard.press(' ');
  await expect(well).toHaveAttribute('aria-pressed', 'true');

  await page
    .getByRole('navigation', { name: 'Workflows' })
    .getByRole('button', { name: /^Outbox/ })
    .click();
  const failed = page.getByRole('tab', { name: 'Failed' });
  await failed.focus();
  await page.keyboard.press(' ');
  await expect(failed).toHaveAttribute('aria-selected', 'true');
});
