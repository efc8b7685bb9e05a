import { expect, test } from '@playwright/test';
import { useStack } from './stack.js';
import { scan, scanAndWait, shot, signIn } from './user.js';

const stack = useStack();

test('settings: "test your scanner" shows the decode and its timing; command barcodes render; a HID scan from main reaches the screen', async ({
  page,
}) => {
  await signIn(page, stack);
  await page.getByTestId('scanner-test-field').click();
  await scan(page, 'TB000123');
  await expect(page.getByTestId('scanner-test-result')).toContainText('TB000123 → tube');
  await expect(page.getByTestId('scanner-test-result')).toContainText(/8 keys in \d+ ms, largest gap \d+ ms/);
  // A typed password-like entry at human speed is "typing", never a scan.
  await page.getByTestId('scanner-test-field').pressSequentially('hello', { delay: 150 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scanner-test-result')).toContainText('typing');
  await page.getByTestId('command-sheet-show').click();
  await expect(page.getByTestId('command-sheet').locator('svg').first()).toBeVisible();
  await shot(page, 'settings-scanner');

  // The same read sent through main's scanner path comes back over the IPC event a HID scanner uses.
  await page.getByTestId('scanner-test-main').click();
  await expect(page.getByText(/hello came back from main in [\d.]+ ms/)).toBeVisible();
});

test('high contrast and keyboard only: Alt+1 opens well fill and a scan lands with the field focused', async ({
  page,
}) => {
  await signIn(page, stack);
  await page.getByTestId('high-contrast').check();
  await page.keyboard.press('Alt+1');
  await expect(page.getByTestId('scan-field')).toBeFocused();
  await scanAndWait(page, 'PLT000001', 'PL-0001');
  await scanAndWait(page, 'TB000090', 'S-0090');
  await shot(page, 'well-fill-high-contrast');
  await page.getByRole('button', { name: /^Settings/ }).click();
  await page.getByTestId('high-contrast').uncheck();
});

test('a scan made while focus is on a well button is still caught, and focus returns to the scan field', async ({
  page,
}) => {
  await signIn(page, stack);
  await page.keyboard.press('Alt+1');
  await scanAndWait(page, 'PLT000001', 'PL-0001');
  await page.getByTestId('well-E5').click();
  await expect(page.getByTestId('well-E5')).toBeFocused();
  // No click back into the field: the keyboard-wedge detector takes the burst wherever focus is.
  await scanAndWait(page, 'TB000095', 'S-0095');
  await expect(page.getByTestId('scan-field')).toBeFocused();
  await expect(page.getByTestId('scan-field')).toHaveValue('');
});

test('keyboard only: a letter typed on a dropdown picks its option; a scan made there is still a scan', async ({
  page,
}) => {
  await signIn(page, stack);
  await page.getByRole('button', { name: /^Settings/ }).click();
  const order = page.getByTestId('fill-order');
  await order.focus();
  await expect(order).toHaveValue('row-major');
  await page.keyboard.press('D');
  await expect(order).toHaveValue('column-major');
  // Two letters typed quickly make one prefix, as in any app: "ac" is "Across rows".
  await page.waitForTimeout(1100);
  await page.keyboard.type('ac', { delay: 150 });
  await expect(order).toHaveValue('row-major');
  await page.waitForTimeout(1100);
  await page.keyboard.press('d');
  await expect(order).toHaveValue('column-major');
  // The choice is the saved preference, not just what the box shows.
  await page.keyboard.press('Alt+1');
  await page.getByRole('button', { name: /^Settings/ }).click();
  await expect(page.getByTestId('fill-order')).toHaveValue('column-major');
  await page.getByTestId('fill-order').focus();
  await scanAndWait(page, 'TB000096');
  await expect(page.getByTestId('fill-order')).toHaveValue('column-major');
  await page.getByTestId('fill-order').selectOption('row-major');
});

test("a lab's scanners send ~ before and * after each code: set once in Settings, every read comes without them", async ({
  page,
}) => {
  await signIn(page, stack);
  await page.getByRole('button', { name: /^Settings/ }).click();
  const before = page.getByTestId('scan-prefix');
  const after = page.getByTestId('scan-suffix');
  // A space would be trimmed away before it is ever seen: refused, with why, and the box shows what is in use.
  await before.fill('a b');
  await before.press('Tab');
  await expect(page.getByRole('alert')).toContainText('the prefix "a b" cannot be used: visible characters only');
  await expect(before).toHaveValue('');
  await before.fill('~');
  await before.press('Tab');
  await after.fill('*');
  await after.press('Tab');
  await expect(page.getByRole('alert')).toHaveCount(0);
  try {
    await page.keyboard.press('Alt+1');
    await expect(page.getByTestId('scan-field')).toBeFocused();
    // In the scan field, a scanner that sends no Enter after its suffix: the suffix ends the read.
    await page.keyboard.type('~PLT000001*', { delay: 5 });
    await expect(page.getByTestId('last-scan')).toContainText('PL-0001');
    // Anywhere else on the page (a well button), the keyboard-scanner detector takes it the same way.
    await page.getByTestId('well-E6').click();
    await scanAndWait(page, '~TB000098*', 'S-0098');
    await expect(page.getByTestId('last-scan')).not.toContainText('~');
    // A code typed by hand, without them, is taken as typed.
    await scanAndWait(page, 'TB000099', 'S-0099');
  } finally {
    // The host is shared by the tests after this one: the scanners go back to sending codes bare.
    await page.getByRole('button', { name: /^Settings/ }).click();
    await page.getByTestId('scan-prefix').fill('');
    await page.getByTestId('scan-prefix').press('Tab');
    await page.getByTestId('scan-suffix').fill('');
    await page.getByTestId('scan-suffix').press('Tab');
    await expect(page.getByTestId('scan-suffix')).toHaveValue('');
  }
});

test('a scanner that adds its Code ID in front of each code: the test field says so, and one press takes it off every read', async ({
  page,
}) => {
  await signIn(page, stack);
  await page.getByRole('button', { name: /^Settings/ }).click();
  const field = page.getByTestId('scanner-test-field');
  const result = page.getByTestId('scanner-test-result');
  try {
    await field.click();
    await scan(page, 'jTB000123');
    // On the old code: "jTB000123 → unknown (no pattern matched)", and nothing to do about it.
    await expect(result).toContainText('this is tube barcode TB000123 with "j" in front');
    await expect(page.getByTestId('scanner-test-frame')).toContainText('The scanner adds "j" in front.');
    await page.getByTestId('scanner-test-take-off').click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved:' })).toHaveText(
      'Saved: every read now comes without "j" in front.',
    );
    await expect(page.getByTestId('scan-prefix')).toHaveValue('j');
    // Read again, it is the tube, here and on the bench screens.
    await field.click();
    await scan(page, 'jTB000123');
    await expect(result).toContainText('jTB000123 → tube');
    await expect(page.getByTestId('scanner-test-frame')).toHaveCount(0);
    await page.keyboard.press('Alt+1');
    await scanAndWait(page, 'jPLT000001', 'PL-0001');
  } finally {
    await page.getByRole('button', { name: /^Settings/ }).click();
    await page.getByTestId('scan-prefix').fill('');
    await page.getByTestId('scan-prefix').press('Tab');
    await expect(page.getByTestId('scan-prefix')).toHaveValue('');
  }
});
