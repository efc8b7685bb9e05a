import { expect, test, type Page } from '@playwright/test';
import { hostUrl } from '../data/helpers.js';
import { pageIpc } from '../data/page-ipc.js';

/**
 * Labels' code (with bwip-js) arrives on first visit. A user who opens Labels and scans at once
 * must not lose that scan to the loading moment: it waits for the screen, or is reported as not
 * recorded when the screen cannot come. The chunk is held back (or refused) by the test to make
 * the loading moment long enough to scan into. The read goes through main's scanner path, as from
 * a HID scanner: with no field on screen a typed read relies on key timing alone, which keys
 * injected into a busy CI browser do not keep (the wedge's own tests cover that).
 */
const scanFromMain = (page: Page, text: string) =>
  pageIpc(page, [{ channel: 'scanner.test', payload: { text, to: 'reader' } }]);
async function openLabelsWhileItsCodeIs(page: Page, fate: 'slow' | 'refused'): Promise<void> {
  await page.route(/\/assets\/LabelsScreen-[^/]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 2500));
    await (fate === 'refused' ? route.abort('connectionrefused') : route.continue());
  });
  await page.goto(hostUrl());
  await expect(page.getByTestId('scan-field')).toBeFocused();
  await page.keyboard.press('Alt+8');
  await expect(page.getByText('Loading Labels…')).toBeVisible();
}

test('a plate scanned while Labels is still loading is held, then opened in Labels', async ({ page }) => {
  await openLabelsWhileItsCodeIs(page, 'slow');
  await scanFromMain(page, 'PLT000001');
  await expect(page.getByTestId('last-scan')).toContainText('Held until Labels has opened');
  await expect(page.getByTestId('labels-scan')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('last-scan')).toContainText('PL-0001');
  await expect(page.getByTestId('labels-scan')).toBeFocused();
});

test('when Labels cannot be loaded, the scan held for it is reported as not recorded', async ({ page }) => {
  await openLabelsWhileItsCodeIs(page, 'refused');
  await scanFromMain(page, 'PLT000001');
  await expect(page.getByTestId('last-scan')).toContainText('Held until Labels has opened');
  await expect(page.getByTestId('screen-load-error')).toContainText('Labels could not be loaded', { timeout: 15_000 });
  await expect(page.getByTestId('last-scan')).toContainText('NOT RECORDED: Labels could not be loaded');
});

test('leaving Labels before it has opened reports the held scan as not recorded; the next screen does not take it', async ({
  page,
}) => {
  await openLabelsWhileItsCodeIs(page, 'slow');
  await scanFromMain(page, 'PLT000001');
  await expect(page.getByTestId('last-scan')).toContainText('Held until Labels has opened');
  await page.keyboard.press('Alt+1');
  await expect(page.getByTestId('last-scan')).toContainText('NOT RECORDED: the screen changed before Labels opened');
  await expect(page.getByTestId('scan-field')).toBeFocused();
  // Well fill did not open the plate meant for Labels.
  await expect(page.getByTestId('plate-map')).toHaveCount(0);
});
