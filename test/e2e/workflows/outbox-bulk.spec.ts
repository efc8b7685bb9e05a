import { expect, test, type Page } from '@playwright/test';
import { useStack } from './stack.js';
import { openScreen, scanAndWait, signIn } from './user.js';

const stack = useStack();

/** Samples the labsheet does not know, placed anyway: the service refuses each well change (a 422). */
async function refusedWells(page: Page, plate: { barcode: string; hrid: string }, samples: string[]): Promise<void> {
  await openScreen(page, 'Well fill');
  await scanAndWait(page, plate.barcode, plate.hrid);
  for (const s of samples) {
    await scanAndWait(page, s, 'not in the labsheet');
    await page.getByTestId('guard-proceed').click();
    await expect(page.getByTestId('scan-field')).toBeFocused();
  }
}

/**
 * Before, the Outbox had no bulk action: each refused change was discarded by its own "Discard…" and
 * "Yes, discard it", a discard could not be taken back, and nothing listed what was discarded. Now a tab
 * whose rows are dealt with one by one offers "Discard all N" (asked first, with the keyboard), its answer
 * offers Undo (Ctrl+Z), and the Discarded tab lists what was discarded with Restore.
 */
test('"Discard all" on Refused asks first, Ctrl+Z puts them back, and the Discarded tab restores one', async ({
  page,
}) => {
  await signIn(page, stack);
  await refusedWells(page, { barcode: 'PLT000002', hrid: 'PL-0002' }, ['S-7771', 'S-7772', 'S-7773']);
  await expect(page.getByTestId('count-refused')).toHaveText('3', { timeout: 20_000 });

  await openScreen(page, 'Outbox');
  await page.getByRole('tab', { name: 'Refused', exact: true }).click();
  await expect(page.locator('tr[data-state="failed"]')).toHaveCount(3);
  const discardAll = page.getByTestId('discard-all');
  await expect(discardAll).toHaveText('Discard all 3…');
  // Not offered where each row is looked at first, nor on the Failed tab's "Retry all" when none failed.
  await expect(page.getByTestId('retry-all')).toHaveCount(0);

  // Keyboard only: the question takes the keyboard; Escape keeps, and gives it back to "Discard all".
  await discardAll.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('discard-all-text')).toHaveText(
    'Discard 3 refused changes? They will never be sent to the service. Undo (Ctrl+Z) right after puts them back.',
  );
  const confirm = page.getByTestId('confirm-discard-all');
  await expect(confirm).toHaveText('Yes, discard all 3 Alt+Y');
  await expect(page.getByTestId('keep-all')).toHaveText('Keep Esc');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('discard-all-question')).toHaveCount(0);
  await expect(discardAll).toBeFocused();
  await expect(page.locator('tr[data-state="failed"]')).toHaveCount(3);

  // Asked again, and said yes with Enter: all three go in one go.
  await page.keyboard.press('Enter');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('outbox-message')).toHaveText('Discarded 3 refused changes: they will never be sent.');
  await expect(page.getByTestId('outbox-undo')).toHaveText('Undo Ctrl+Z');
  await expect(page.getByTestId('outbox-empty')).toBeVisible();
  await expect(page.getByTestId('count-refused')).toHaveCount(0);

  // Ctrl+Z in the Outbox: back as they were, refused with their reasons, nothing sent.
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('outbox-message')).toHaveText('Put back 3 changes as they were: nothing was sent.');
  await expect(page.getByTestId('outbox-undo')).toHaveCount(0);
  await expect(page.locator('tr[data-state="failed"]')).toHaveCount(3);
  await expect(page.getByTestId('count-refused')).toHaveText('3');
  for (const s of ['S-7771', 'S-7772', 'S-7773'])
    expect(stack.serverWells('PL-0002').filter((w) => w.sample === s)).toEqual([]);

  // Discarded again (Alt+Y answers the question as every question does), then found on the Discarded tab.
  await discardAll.click();
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Alt+y');
  await expect(page.getByTestId('outbox-message')).toHaveText('Discarded 3 refused changes: they will never be sent.');
  await page.getByRole('tab', { name: 'Discarded', exact: true }).click();
  const discarded = page.locator('tr[data-state="discarded"]');
  await expect(discarded).toHaveCount(3);
  await expect(page.getByTestId('outbox-discarded-note')).toContainText('the latest first');
  const row = discarded.filter({ hasText: 'S-7772' });
  await expect(row.getByTestId(/^entry-when-/)).toContainText('discarded');
  const id = (await row.getAttribute('data-testid'))!.replace('entry-', '');
  await page.getByTestId(`restore-${id}`).click();
  await expect(page.getByTestId('outbox-message')).toHaveText('Put back 1 change as it was: nothing was sent.');
  await expect(discarded).toHaveCount(2);
  await expect(page.getByTestId('count-refused')).toHaveText('1');
  await page.getByRole('tab', { name: 'Refused', exact: true }).click();
  await expect(page.getByTestId(`entry-state-${id}`)).toHaveText('Refused');

  // One is "it", never "them"; discarded, the next test starts with none refused.
  await discardAll.click();
  await expect(page.getByTestId('discard-all-text')).toHaveText(
    'Discard 1 refused change? It will never be sent to the service. Undo (Ctrl+Z) right after puts it back.',
  );
  await expect(confirm).toHaveText('Yes, discard it Alt+Y');
  await confirm.click();
  await expect(page.getByTestId('outbox-message')).toHaveText('Discarded 1 refused change: it will never be sent.');
  await expect(page.getByTestId('count-refused')).toHaveCount(0);
});

/** The Failed tab's "Retry all": each failed change goes again at once, without a click per row. */
test('"Retry all" on Failed sends each failed change again', async ({ page }) => {
  await signIn(page, stack);
  await refusedWells(page, { barcode: 'PLT000003', hrid: 'PL-0003' }, ['S-7781', 'S-7782']);
  await expect(page.getByTestId('count-refused')).toHaveText('2', { timeout: 20_000 });
  // As a sync leaves a change that kept failing on this computer's side: failed, not refused.
  for (const s of ['S-7781', 'S-7782'])
    stack.storeEntryState(s, 'failed', { kind: 'network', message: 'connect ECONNREFUSED' });
  // Main's counts are read afresh on a load: the entries were changed behind its back.
  await page.reload();

  await openScreen(page, 'Outbox');
  await page.getByRole('tab', { name: 'Failed', exact: true }).click();
  await expect(page.locator('tr[data-state="failed"]')).toHaveCount(2);
  await expect(page.getByTestId('discard-all')).toHaveText('Discard all 2…');
  await page.getByTestId('retry-all').click();
  await expect(page.getByTestId('outbox-message')).toHaveText('2 failed changes will be tried again.');
  // Sent again, the service refuses them as before: they are Refused now, not Failed.
  await expect(page.getByTestId('count-refused')).toHaveText('2', { timeout: 20_000 });
  await expect(page.getByTestId('outbox-empty')).toBeVisible();

  // A row's own Discard offers Undo on its answer too.
  await page.getByRole('tab', { name: 'Refused', exact: true }).click();
  const one = page.locator('tr[data-state="failed"]', { hasText: 'S-7781' });
  const id = (await one.getAttribute('data-testid'))!.replace('entry-', '');
  await page.getByTestId(`discard-${id}`).click();
  await page.getByTestId(`confirm-discard-${id}`).click();
  await expect(page.getByTestId('outbox-message')).toHaveText('Discarded');
  await expect(one).toHaveCount(0);
  await page.getByTestId('outbox-undo').click();
  await expect(page.getByTestId('outbox-message')).toHaveText('Put back 1 change as it was: nothing was sent.');
  await expect(page.getByTestId(`entry-state-${id}`)).toHaveText('Refused');
});
