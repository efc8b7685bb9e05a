import { expect, test } from '@playwright/test';
import { useStack } from './stack.js';
import { noneStopped, openScreen, scanAndWait, shot, signIn } from './user.js';

/**
 * Issue 15: against a service that answers only what the spec promises (no wells, no layout), a plate
 * another bench has half filled is never written over. The sandbox answers `--answers spec`; what it
 * holds is read from its own database.
 */
const stack = useStack({ answers: 'spec' });

const otherBench = (wells: { position: string; sample: string }[]) =>
  stack.api('/manifest/update', {
    hrid: 'PL-0001',
    plate: {
      wells: wells.map((w) => ({
        position: w.position,
        sample: { id: w.sample, labsheet: 'Samples' },
        tags: [],
        label: 'SAMPLE',
      })),
    },
  });

test('a plate half filled at another bench: the cursor waits, nothing there is overwritten, a later change is held for a look', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Another bench fills B1–B6 before this one opens the plate (the demo plate already holds A1–A10 and two controls).
  await otherBench(['B1', 'B2', 'B3', 'B4', 'B5', 'B6'].map((position, i) => ({ position, sample: `S-0${100 + i}` })));
  const filledElsewhere = stack.serverWells('PL-0001');
  expect(filledElsewhere.length).toBe(18);

  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000001', 'PL-0001');
  await expect(page.getByTestId('unplaced')).toContainText('18 wells used on the service, positions unknown');
  await expect(page.getByTestId('next-well')).toHaveText('—');

  // A tube with nowhere chosen is refused with what to do; nothing is recorded.
  await scanAndWait(page, 'TB000030', /filled elsewhere.*scan the position/);
  await expect(page.getByTestId('count-pending')).toHaveText('0');

  // A position scan says where filling starts; the cursor runs on from there.
  await scanAndWait(page, 'C1', 'C1');
  for (let n = 31; n <= 34; n++) await scanAndWait(page, `TB0000${n}`, `S-00${n}`);
  await expect(page.getByTestId('next-well')).toHaveText('C5');
  await expect(page.getByTestId('count-pending')).toHaveText('0', { timeout: 20_000 });
  await noneStopped(page);

  // Meanwhile the other bench fills C5, the well this bench would use next, which it cannot see.
  await otherBench([{ position: 'C5', sample: 'S-0200' }]);
  await scanAndWait(page, 'TB000040', 'S-0040 → C5');
  // The engine reads the plate before sending: it changed elsewhere, so the change waits for a look.
  await expect(page.getByTestId('count-held')).toHaveText('1', { timeout: 20_000 });
  const server = Object.fromEntries(stack.serverWells('PL-0001').map((w) => [w.position, w.sample]));
  expect(server['C5']).toBe('S-0200');

  await openScreen(page, 'Outbox');
  const held = page.locator('[data-testid^="entry-"][data-state="failed"]');
  await expect(held).toHaveCount(1);
  await expect(held).toContainText('Needs a look: plate PL-0001 changed on the service since these scans');
  await expect(held.getByRole('button', { name: 'Send anyway' })).toBeVisible();
  await shot(page, 'plate-changed-elsewhere');
  await held.getByRole('button', { name: 'Discard…' }).click();
  await held.getByRole('button', { name: 'Yes, discard it' }).click();
  await expect(page.getByTestId('count-held')).toHaveCount(0);

  // Every well the other bench filled holds what it put there; this bench's four tubes are in C1–C4.
  const after = Object.fromEntries(stack.serverWells('PL-0001').map((w) => [w.position, w.sample]));
  for (const w of filledElsewhere) expect(after[w.position]).toBe(w.sample);
  expect(after['C5']).toBe('S-0200');
  expect(['C1', 'C2', 'C3', 'C4'].map((p) => after[p])).toEqual(['S-0031', 'S-0032', 'S-0033', 'S-0034']);
  expect(Object.values(after)).not.toContain('S-0040');
});

test('Labels for the wells of a plate whose wells the service does not list: said once, beside what would print', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Labels');
  await page.getByTestId('source-wells').check();
  await scanAndWait(page, 'PLT000001', 'PL-0001');
  const screen = page.getByRole('region', { name: 'Print labels' });
  // Three copies of the same sentence stood on the screen (the plate's card, beside Print, the scan's line).
  // (The plate's wells depend on what the test before filled on this service.)
  await expect(screen.getByText(/^\d+ wells filled elsewhere are not known here and get no label\.$/)).toHaveCount(1);
  await expect(screen.getByTestId('labels-unknown-wells')).toBeVisible();
  await expect(screen.getByTestId('labels-plate-info')).toContainText(/ \d+ filled known here/);
});
