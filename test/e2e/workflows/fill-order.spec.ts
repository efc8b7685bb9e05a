import { expect, test } from '@playwright/test';
import { useStack } from './stack.js';
import { openScreen, scanAndWait, signIn } from './user.js';

const stack = useStack();

// Settings › Fill order and Well fill's own radios are one setting: the order chosen in either is the
// one the next tube follows, and the other shows it.
test('the fill order chosen in Settings is the one Well fill fills in, and back', async ({ page }) => {
  await signIn(page, stack);
  await page.getByRole('combobox', { name: 'Fill order' }).selectOption({ label: 'Down columns (A1, B1, …)' });
  await openScreen(page, 'Well fill');
  await expect(page.getByTestId('order-column')).toBeChecked();
  await page.getByTestId('scan-field').focus();
  await scanAndWait(page, 'PLT000003', 'PL-0003');
  await scanAndWait(page, 'TB000001', 'S-0001 → A1 · next B1');

  await page.getByTestId('order-row').check();
  await openScreen(page, 'Settings');
  await expect(page.getByRole('combobox', { name: 'Fill order' })).toHaveValue('row-major');
});
