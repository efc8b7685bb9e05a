import { expect, test } from '@playwright/test';
import { useStack } from './stack.js';
import { openScreen, scan, scanAndWait, signIn } from './user.js';

const stack = useStack();

test("a double read is ignored with its own word and tone, by the user's window; 0 turns it off", async ({ page }) => {
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000002', 'PL-0002');
  const code = 'TB000061';
  // The scanner reads the tube twice: the second read starts right after the first ends.
  await scan(page, code);
  await scan(page, code);
  await expect(page.getByTestId('last-scan')).toContainText('Double read ignored');
  await expect(page.locator('[data-sample="S-0061"]')).toHaveCount(1);

  // Settings → Scanners: the window is the user's; 0 means every read counts.
  await page.getByRole('button', { name: /^Settings/ }).click();
  // An emptied box is not 0 ("never"): it is said, and the box shows the window in use again.
  await page.getByTestId('dedupe-window').fill('');
  await page.getByTestId('dedupe-window').blur();
  await expect(page.getByRole('alert')).toContainText('the double-read window is a number of milliseconds');
  await expect(page.getByTestId('dedupe-window')).toHaveValue('300');
  await page.getByTestId('dedupe-window').fill('0');
  await page.getByTestId('dedupe-window').press('Enter');
  await page.getByTestId('dedupe-window').blur();
  await expect(page.getByTestId('dedupe-window')).toHaveValue('0');
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000002', 'PL-0002');
  await scan(page, 'TB000062');
  await scan(page, 'TB000062');
  // Now the second read reaches the plate, where the duplicate-sample guard stops it.
  await expect(page.getByTestId('last-scan')).toContainText('already in');
  await expect(page.locator('[data-sample="S-0062"]')).toHaveCount(1);
});
