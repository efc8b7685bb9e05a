import { expect, test } from '@playwright/test';
import { useStack } from './stack.js';
import { openScreen, scanAndWait, signIn } from './user.js';

const stack = useStack();

/**
 * Ctrl+Z and the Undo button on Assign location. On the old code Ctrl+Z there did nothing and said
 * nothing, and there was no Undo button.
 */
test('undo on Assign location: nothing to undo said calmly, a sent tube not undone with what to do, a move taken back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, stack);
  await openScreen(page, 'Assign location');
  await scanAndWait(page, 'BOX000001', 'Freezer Box 1');
  const line = page.getByTestId('last-scan');
  const undo = page.getByTestId('undo');
  await expect(undo).toBeDisabled();

  // Nothing to undo is news, not a failure.
  await page.keyboard.press('Control+z');
  await expect(line).toContainText('Nothing to undo');
  await expect(line).toHaveClass(/\binfo\b/);

  // A tube put in the box and sent: the service cannot take a tube out of a location, and the line says
  // what to do instead; nothing is queued.
  await expect(page.getByTestId('next-position')).toHaveText('A1');
  await scanAndWait(page, 'TB000191', 'TB000191 → ');
  await expect(page.getByTestId('assigned-TB000191')).toHaveAttribute('data-sync', 'synced', { timeout: 20_000 });
  await expect(undo).toBeEnabled();
  await undo.click();
  await expect(line).toContainText('not undone: it was sent already, and the service has no way to take a tube');
  await expect(line).toHaveClass(/\bbad\b/);
  await expect(page.getByTestId('scan-field')).toBeFocused();
  await expect(page.getByTestId('count-pending')).toHaveText('0');

  // Moved within the box by a position scanned first: Ctrl+Z takes the move back (cancelled if not sent
  // yet, else its move back queued), and the tube ends where it was on the service.
  await scanAndWait(page, 'I9', 'Next tube goes to I9');
  await scanAndWait(page, 'TB000191', 'Moved TB000191 from A1 to I9');
  await page.keyboard.press('Control+z');
  await expect(line).toContainText('Undone: Moved TB000191 from A1 to I9');
  await expect(line).toHaveClass(/\binfo\b/);
  await expect(page.getByTestId('count-pending')).toHaveText('0', { timeout: 20_000 });
  await expect(page.getByTestId('next-position')).toHaveText('A2');

  const m = (await stack.api('/manifest/fetch-metadata?barcode=BOX000001')) as {
    wells: { position: string; sample?: { id: string } | null }[];
  };
  const at = (p: string) => m.wells.find((w) => w.position === p);
  expect(at('A1')?.sample?.id).toBe('S-0191');
  expect(at('I9')?.sample?.id ?? null).toBeNull();
});
