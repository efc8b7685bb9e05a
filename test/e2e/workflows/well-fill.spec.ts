import { expect, test } from '@playwright/test';
import { useStack } from './stack.js';
import { noneStopped, openScreen, scanAndWait, shot, signIn } from './user.js';

const stack = useStack();

test('fill a 96-well plate by scanning: controls, a position-first scan, guards and an undo', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await expect(page.getByTestId('scan-field')).toBeFocused();

  await scanAndWait(page, 'PLT000001', 'PL-0001');
  // The demo plate has A1–A10 filled; the next well is A11.
  await expect(page.getByTestId('next-well')).toHaveText('A11');
  for (let n = 11; n <= 20; n++) await scanAndWait(page, `TB${String(n).padStart(6, '0')}`, `S-00${n}`);
  await expect(page.getByTestId('well-B8')).toHaveAttribute('data-sample', 'S-0020');
  // Focus stayed on the scan field all along: no click between scans.
  await expect(page.getByTestId('scan-field')).toBeFocused();

  // Scanning a position first puts the next tube there.
  await scanAndWait(page, 'C5', 'C5');
  await scanAndWait(page, 'TB000030', 'S-0030 → C5');
  await expect(page.getByTestId('well-C5')).toHaveAttribute('data-sample', 'S-0030');

  // Guards: duplicate sample, wrong plate, unknown sample (use anyway), garbage.
  await page.waitForTimeout(400); // a real second read, outside the double-read window
  await scanAndWait(page, 'TB000030', 'already in C5');
  await expect(page.getByTestId('guard')).toHaveAttribute('data-kind', 'duplicate-sample');
  await scanAndWait(page, 'PLT000002', 'not the plate');
  await expect(page.getByTestId('guard')).toHaveAttribute('data-kind', 'wrong-plate');
  await page.getByTestId('guard-dismiss').click();
  await expect(page.getByTestId('scan-field')).toBeFocused();
  await scanAndWait(page, 'S-9999', 'not in the labsheet');
  await expect(page.getByTestId('guard')).toHaveAttribute('data-kind', 'unknown-sample');
  await page.getByTestId('guard-dismiss').click();
  await scanAndWait(page, '%%!!##', 'Nothing recorded: not a barcode');

  // Controls on H1/H2 by selection and label buttons.
  await page.getByTestId('well-G1').click();
  await page.getByTestId('well-G2').click({ modifiers: ['Shift'] });
  await page.getByTestId('label-POS_CONTROL').click();
  await expect(page.getByTestId('well-G1')).toHaveAttribute('data-label', 'POS_CONTROL');
  await page.getByTestId('well-G3').click();
  await page.getByTestId('label-NEG_CONTROL').click();
  await expect(page.getByTestId('well-G3')).toHaveAttribute('data-label', 'NEG_CONTROL');

  // Undo the last tube: it leaves B9 (cancelled if not sent yet, else the opposite change).
  await page.getByTestId('scan-field').focus();
  await scanAndWait(page, 'TB000021', 'S-0021');
  const where = await page.getByTestId('next-well').textContent();
  expect(where).not.toBeNull();
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('last-scan')).toContainText('Undone');
  await expect(page.locator('[data-sample="S-0021"]')).toHaveCount(0);
  // Redo puts it back; undo once more for the final state.
  await page.keyboard.press('Control+y');
  await expect(page.getByTestId('last-scan')).toContainText('Redone');
  await expect(page.locator('[data-sample="S-0021"]')).toHaveCount(1);
  await page.keyboard.press('Control+z');
  await expect(page.locator('[data-sample="S-0021"]')).toHaveCount(0);

  // Link the plate's samples to a labflow test and announce the plate as completed.
  await page.getByText('Labflow link and "plate completed" (files the plate record)').click();
  // This stack's sandbox is given by its address, as a lab's service is: its ids are the user's to give.
  await page.getByLabel('Labflow').fill('LF-0001');
  await page.getByLabel('Test', { exact: true }).fill('PT-0001');
  await page.getByTestId('labflow-link').click();
  await expect(page.getByTestId('last-scan')).toContainText('queued for LF-0001');
  await page.getByTestId('record-page').fill('EXP-0001');
  await page.getByTestId('plate-completed').click();
  await expect(page.getByTestId('last-scan')).toContainText('PL-0001 completed: its record is queued for EXP-0001');

  // Everything reaches the server.
  await expect(page.getByTestId('count-pending')).toHaveText('0', { timeout: 20_000 });
  await expect(page.locator('[data-testid^="well-"][data-sync="pending"]')).toHaveCount(0);
  await noneStopped(page);
  await shot(page, 'well-fill');

  const m = (await stack.api('/manifest/fetch-metadata?barcode=PLT000001')) as {
    wells: { position: string; sample?: { id: string } | null; label?: string }[];
  };
  const at = (p: string) => m.wells.find((w) => w.position === p);
  expect(at('A11')?.sample?.id).toBe('S-0011');
  expect(at('B8')?.sample?.id).toBe('S-0020');
  expect(at('C5')?.sample?.id).toBe('S-0030');
  expect(at('G1')?.label).toBe('POS_CONTROL');
  expect(at('G3')?.label).toBe('NEG_CONTROL');
  expect(m.wells.some((w) => w.sample?.id === 'S-0021')).toBe(false);
});
