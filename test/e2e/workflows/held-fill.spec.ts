import { expect, test } from '@playwright/test';
import { useStack } from './stack.js';
import { openScreen, scanAndWait, shot, signIn } from './user.js';

/**
 * A tube scanned on Well fill while another bench changed the plate: the fill is held for a look. The
 * well shows the user's tube in a double amber ring with the Outbox's words, the fill passes over it (also
 * after a visit to the Outbox), a tube scanned into it on purpose is asked about, and Discard in the
 * Outbox puts the well back as the service has it.
 */
const stack = useStack();

test('a fill that needs a look stays in its well, is passed over by the fill, and goes on Discard', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000003', 'PL-0003');

  // Another bench changes the plate after this one read it; then a tube is scanned here.
  await stack.api('/manifest/update', {
    hrid: 'PL-0003',
    plate: { wells: [{ position: 'H12', sample: { id: 'S-0200', labsheet: 'Samples' }, tags: [], label: 'SAMPLE' }] },
  });
  await scanAndWait(page, 'TB000001', 'S-0001 → A1 · next A2');
  await expect(page.getByTestId('count-held')).toHaveText('1', { timeout: 20_000 });
  await expect(page.getByTestId('outbox-counts')).toContainText('1 needs a look');

  const a1 = page.getByTestId('well-A1');
  await expect(a1).toHaveAttribute('data-sync', 'held');
  await expect(a1).toHaveAttribute('data-sample', 'S-0001');
  await expect(a1).toHaveAttribute('title', /^A1, S-0001, SAMPLE, your change, not sent: Needs a look: plate PL-0003/);
  await expect(page.getByTestId('plate-legend')).toContainText('double amber ring = needs a look');

  // The user looks in the Outbox and comes back: the plate is read again, the tube is still drawn.
  await openScreen(page, 'Outbox');
  await expect(page.locator('[data-testid^="entry-"][data-state="failed"]', { hasText: 'Needs a look' })).toHaveCount(
    1,
  );
  await openScreen(page, 'Well fill');
  await expect(a1).toHaveAttribute('data-sync', 'held');
  await expect(a1).toHaveAttribute('data-sample', 'S-0001');
  await shot(page, 'well-fill-held-for-look');

  // The plate closed and scanned again starts at A2: the held well is not offered as empty.
  await scanAndWait(page, '#CMD:DONE', 'PL-0003 closed');
  await scanAndWait(page, 'PLT000003', 'PL-0003 · qPCR Plate 2 — next well A2');
  await expect(a1).toHaveAttribute('data-sync', 'held');

  // The same tube again is a duplicate; the next tube goes to A2, not into the held well.
  await scanAndWait(page, 'TB000001', 'S-0001 is already in A1 on this plate.');
  await page.keyboard.press('Escape');
  await scanAndWait(page, 'TB000002', 'S-0002 → A2');
  await scanAndWait(page, 'A1', 'Next tube goes to A1 — A1 holds S-0001, your change that needs a look in the Outbox');
  await scanAndWait(
    page,
    'TB000003',
    'A1 holds S-0001, your change that needs a look in the Outbox (the plate changed on the service since you read it). Replace it?',
  );
  await page.keyboard.press('Escape');

  // Discarded: the well is as the service has it (empty).
  await openScreen(page, 'Outbox');
  const held = page.locator('[data-testid^="entry-"][data-state="failed"]', { hasText: 'Needs a look' });
  await held.getByRole('button', { name: 'Discard…' }).click();
  await held.getByRole('button', { name: 'Yes, discard it' }).click();
  await openScreen(page, 'Well fill');
  await expect(a1).toHaveAttribute('data-sample', '');
  await expect(a1).not.toHaveAttribute('data-sync', 'held');
  const server = Object.fromEntries(stack.serverWells('PL-0003').map((w) => [w.position, w.sample]));
  expect(server['A1'] ?? null).toBeNull();
});
