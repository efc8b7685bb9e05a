import { expect, test } from '@playwright/test';
import { useStack } from './stack.js';
import { openScreen, scanAndWait, signIn } from './user.js';

const stack = useStack();

test('a well fill question is answered from the keyboard, and one left unanswered by the next scan is said', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  const field = page.getByTestId('scan-field');
  await expect(field).toBeFocused();
  await scanAndWait(page, 'PLT000002', 'PL-0002');
  const next = await page.getByTestId('next-well').textContent();

  // Escape says no: nothing placed, the scan field keeps the focus.
  await scanAndWait(page, 'S-9001', 'not in the labsheet');
  await expect(page.getByTestId('guard-proceed')).toContainText('Alt+Y');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('guard')).toHaveCount(0);
  // The headline says what Skip did: it went on asking "Use it anyway?", and Alt+Y then did nothing.
  await expect(page.getByTestId('last-scan')).toContainText('Skipped: nothing recorded for S-9001');
  await expect(page.locator('[data-sample="S-9001"]')).toHaveCount(0);
  await expect(field).toBeFocused();

  // Alt+Y says yes: the tube goes to the well it was asked about, and the next scan goes on from the field.
  await scanAndWait(page, 'S-9002', 'not in the labsheet');
  await page.keyboard.press('Alt+y');
  await expect(page.getByTestId('guard')).toHaveCount(0);
  await expect(page.getByTestId(`well-${next}`)).toHaveAttribute('data-sample', 'S-9002');
  await expect(field).toBeFocused();

  // No answer: the next scan takes the question away, and the screen says what that left undone.
  await scanAndWait(page, 'S-9003', 'not in the labsheet');
  await scanAndWait(page, 'TB000031', 'S-0031 →');
  await expect(page.getByTestId('guard-unanswered')).toContainText(
    'The question about S-9003 was left unanswered: S-9003 was not placed',
  );
  await expect(page.locator('[data-sample="S-9003"]')).toHaveCount(0);
  await page.getByTestId('guard-unanswered-ok').click();
  await expect(page.getByTestId('guard-unanswered')).toHaveCount(0);
  await expect(field).toBeFocused();
});

test('Assign location asks about a tube the labsheet does not have, with the same keys: nothing is queued unasked', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Assign location');
  const field = page.getByTestId('scan-field');
  await expect(field).toBeFocused();
  await scanAndWait(page, 'BOX000001', 'Freezer Box 1');
  const next = page.getByTestId('next-position');
  const at = (await next.textContent()) ?? '';

  // Escape says no: nothing queued, the position stays for the next tube, the scan field keeps the focus.
  await scanAndWait(page, 'TB999991', /TB999991 is not in the labsheet as read \d+ s ago\. Use it anyway\?/);
  await expect(page.getByTestId('guard')).toHaveAttribute('data-kind', 'unknown-sample');
  await expect(page.getByTestId('guard-proceed')).toContainText('Alt+Y');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('guard')).toHaveCount(0);
  await expect(page.getByTestId('last-scan')).toContainText('Skipped: nothing recorded for TB999991');
  await expect(page.getByTestId('assigned-TB999991')).toHaveCount(0);
  await expect(next).toHaveText(at);
  await expect(field).toBeFocused();

  // Alt+Y says yes: the tube goes to the position it was asked about.
  await scanAndWait(page, 'TB999992', 'not in the labsheet');
  await page.keyboard.press('Alt+y');
  await expect(page.getByTestId('guard')).toHaveCount(0);
  await expect(page.getByTestId('assigned-TB999992')).toContainText(at);
  await expect(page.getByTestId('last-scan')).toContainText(`TB999992 → BX-0001 Freezer Box 1 ${at}`);
  await expect(field).toBeFocused();

  // No answer: the next scan takes the question away, and the screen says what that left undone.
  await scanAndWait(page, 'TB999993', 'not in the labsheet');
  await scanAndWait(page, 'TB000131', 'TB000131 →');
  await expect(page.getByTestId('guard-unanswered')).toContainText(
    'The question about TB999993 was left unanswered: TB999993 was not placed',
  );
  await expect(page.getByTestId('assigned-TB999993')).toHaveCount(0);
  await page.getByTestId('guard-unanswered-ok').click();
  await expect(page.getByTestId('guard-unanswered')).toHaveCount(0);
  await expect(field).toBeFocused();
});
