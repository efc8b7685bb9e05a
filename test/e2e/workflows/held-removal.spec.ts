import { expect, test } from '@playwright/test';
import { useStack } from './stack.js';
import { openScreen, scanAndWait, signIn } from './user.js';

/**
 * A tube taken out on Well fill while another bench changed the plate: the removal is held for a look.
 * Assign location shows the well as waiting for that look, takes a tube into it that waits behind the
 * removal, and once the removal is discarded shows the service's tube there again.
 */
const stack = useStack();

test('a well whose removal needs a look: Assign location says so, queues a tube behind it, and is right after Discard', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000001', 'PL-0001');
  await expect(page.getByTestId('well-A5')).toHaveAttribute('data-sample', 'S-0005');

  // Another bench changes the plate after this one read it; then S-0005 is taken out here.
  await stack.api('/manifest/update', {
    hrid: 'PL-0001',
    plate: { wells: [{ position: 'G1', sample: { id: 'S-0200', labsheet: 'Samples' }, tags: [], label: 'SAMPLE' }] },
  });
  await page.getByTestId('well-A5').click();
  await page.getByTestId('remove-sample').click();
  await expect(page.getByTestId('count-held')).toHaveText('1', { timeout: 20_000 });

  await openScreen(page, 'Assign location');
  await scanAndWait(page, 'PLT000001', 'PL-0001');
  await expect(page.getByTestId('held-for-look')).toHaveText('A5: your removal of S-0005 needs a look in the Outbox.');
  await expect(page.getByTestId('next-position')).not.toHaveText('A5');

  await scanAndWait(page, 'A5', 'Next tube goes to A5: it will wait until your removal of S-0005 there is sent');
  await scanAndWait(page, 'TB000050', 'TB000050 → PL-0001 QC Plate 1 A5 — waits for your removal of S-0005');
  await expect(page.getByTestId('assigned-TB000050')).toContainText('waits for your removal — see Outbox');
  await expect(page.getByTestId('held-for-look')).toHaveText(
    'A5: your removal of S-0005 needs a look in the Outbox; TB000050 waits for it.',
  );
  await expect(page.getByTestId('count-pending')).toHaveText('1');
  // The sync line says the hold in the Outbox's words and still keeps to one line at 1280 px.
  await expect(page.getByTestId('outbox-counts')).toHaveText(/^\s*1 waiting · 1 needs a look\s*$/);
  await page.setViewportSize({ width: 1280, height: 720 });
  const line = await page.getByTestId('count-pending').boundingBox();
  const counts = await page.getByTestId('outbox-counts').boundingBox();
  expect(counts!.height).toBeLessThan(line!.height * 2);

  // The user looks, and discards the removal: the move goes alone, and the service refuses it (A5 is taken).
  await openScreen(page, 'Outbox');
  const held = page.locator('[data-testid^="entry-"][data-state="failed"]', { hasText: 'Needs a look' });
  // Failed as stored, but said as what it is: held for a look, not refused.
  await expect(held.locator('[data-testid^="entry-state-"]')).toHaveText('Needs a look');
  await held.getByRole('button', { name: 'Discard…' }).click();
  await held.getByRole('button', { name: 'Yes, discard it' }).click();
  await expect(page.getByTestId('count-pending')).toHaveText('0', { timeout: 20_000 });
  const refused = page.locator('[data-testid^="entry-"][data-state="failed"]', { hasText: 'TB000050' });
  await expect(refused).toHaveCount(1);
  await expect(refused.locator('[data-testid^="entry-state-"]')).toHaveText('Refused');
  await expect(page.getByTestId('count-refused')).toHaveText('1');
  await expect(page.getByTestId('count-held')).toHaveCount(0);
  await expect(page.getByTestId('outbox-summary')).toContainText('0 waiting · 0 need a look · 1 refused · 0 failed');

  await openScreen(page, 'Assign location');
  await expect(page.getByTestId('held-for-look')).toHaveCount(0);
  await expect(page.getByTestId('assigned-TB000050')).toHaveAttribute('data-sync', 'refused');
  // Why, in the Outbox's plain words (on the old code only "refused — see Outbox").
  await expect(page.getByTestId('assigned-TB000050')).toContainText(
    'refused — Well A5 of PL-0001 already holds S-0005. See the Outbox.',
  );
  await scanAndWait(page, 'A5', 'A5 is not empty (S-0005 is in it): scan another position');
  const server = Object.fromEntries(stack.serverWells('PL-0001').map((w) => [w.position, w.sample]));
  expect(server['A5']).toBe('S-0005');
});
