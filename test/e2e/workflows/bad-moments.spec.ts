import { expect, test } from '@playwright/test';
import { DEMO_TOKEN, useStack } from './stack.js';
import {
  allSent,
  countsSplitAcrossLines,
  enterToken,
  keepIdColumns,
  labelsOnMoreThanOneLine,
  openScreen,
  scanAndWait,
  shot,
  signIn,
} from './user.js';

const stack = useStack();

test('a 422 on one well fails only that well; it is corrected from the outbox and the rest went through', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000002', 'PL-0002');
  await scanAndWait(page, 'TB000061', 'S-0061 → A1');
  // A sample the labsheet does not know, placed anyway: the service refuses that one well.
  await scanAndWait(page, 'S-7777', 'not in the labsheet');
  await page.getByTestId('guard-proceed').click();
  await expect(page.getByTestId('well-A2')).toHaveAttribute('data-sample', 'S-7777');
  await expect(page.getByTestId('scan-field')).toBeFocused();
  await scanAndWait(page, 'TB000063', 'S-0063 → A3');
  await expect(page.getByTestId('well-A2')).toHaveAttribute('data-sync', 'refused', { timeout: 20_000 });
  await expect(page.getByTestId('well-A1')).toHaveAttribute('data-sync', 'synced');
  await expect(page.getByTestId('well-A3')).toHaveAttribute('data-sync', 'synced');
  // Counted as its row says it: refused, not "1 failed" over a row that says Refused.
  await expect(page.getByTestId('outbox-counts')).toContainText('1 refused');
  await expect(page.getByTestId('count-failed')).toHaveCount(0);
  await shot(page, 'failed-well');

  await openScreen(page, 'Outbox');
  await expect(page.getByTestId('outbox-summary')).toContainText('1 refused · 0 failed');
  // The Outbox's counts at 1280 px keep to one line; in a narrower window they wrap between counts
  // only, never leaving a number at the end of a line and its words on the next ("0 | sent").
  await page.setViewportSize({ width: 1280, height: 720 });
  const number = await page.getByTestId('summary-refused').boundingBox();
  expect((await page.getByTestId('outbox-summary').boundingBox())!.height).toBeLessThan(number!.height * 2);
  for (const size of [
    { width: 1280, height: 720 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    expect(await countsSplitAcrossLines(page, 'outbox-summary'), `at ${size.width} px`).toEqual([]);
    // Each tab's label keeps its words on one line (the row of tabs may wrap between tabs): "Unsure
    // whether | it arrived" read as two tabs.
    await expect(page.getByRole('tab', { name: 'Unsure whether it arrived' })).toBeVisible();
    expect(await labelsOnMoreThanOneLine(page.getByRole('tab')), `at ${size.width} px`).toEqual([]);
  }
  const failed = page.locator('tr[data-state="failed"]');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('S-7777');
  const id = (await failed.getAttribute('data-testid'))!.replace('entry-', '');
  // The plate by the name on its label, and the service's status apart from its words.
  await expect(failed).toContainText('PL-0002 A2 ← S-7777');
  await expect(page.getByTestId(`entry-reason-${id}`)).toHaveText(/\S \(4\d\d\)\s*$/);
  // Its state in a word a technician reads, not the stored FAILED (the attribute keeps that for tests).
  await expect(page.getByTestId(`entry-state-${id}`)).toHaveText('Refused');
  await expect(page.getByTestId(`entry-state-${id}`)).toHaveAttribute('data-shown', 'refused');
  await page.getByTestId(`edit-${id}`).click();
  const text = await page.getByTestId('edit-intent').inputValue();
  await page.getByTestId('edit-intent').fill(text.replace('S-7777', 'S-0062'));
  await page.getByTestId('save-edit').click();
  await expect(page.getByTestId('outbox-message')).toContainText('Corrected entry queued');
  await expect(page.getByTestId('count-refused')).toHaveCount(0);
  await allSent(page, async () => {
    const m = (await stack.api('/manifest/fetch-metadata?barcode=PLT000002')) as {
      wells: { position: string; sample?: { id: string } | null }[];
    };
    return m.wells.find((w) => w.position === 'A2')?.sample?.id === 'S-0062';
  });
});

test('an outbox entry this version cannot read is shown with the reason and discarded; the rest still list', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000002', 'PL-0002');
  await scanAndWait(page, 'S-7778', 'not in the labsheet');
  await page.getByTestId('guard-proceed').click();
  await expect(page.getByTestId('count-refused')).toHaveText('1', { timeout: 20_000 });
  await openScreen(page, 'Outbox');
  // Under the tab in its row's words: "Failed" lists none of it.
  await page.getByRole('tab', { name: 'Failed' }).click();
  await expect(page.locator('tr[data-state="failed"]')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Refused' }).click();
  const failed = page.locator('tr[data-state="failed"]');
  await expect(failed).toHaveCount(1);
  const id = Number((await failed.getAttribute('data-testid'))!.replace('entry-', ''));
  // As a newer version of the app would have queued it: a kind this one does not know.
  stack.storeEntry(id, 'well-swap', JSON.stringify({ type: 'well-swap', from: 'A1', to: 'B2' }));
  await openScreen(page, 'Well fill');
  await openScreen(page, 'Outbox');
  await page.getByRole('tab', { name: 'Recently sent' }).click();
  await expect(page.getByTestId('outbox-list-error')).toHaveCount(0);
  await expect(page.locator('tr[data-state="done"]').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Refused' }).click();
  await expect(page.getByTestId(`entry-unreadable-${id}`)).toContainText('"well-swap" change');
  await expect(page.getByTestId(`entry-unreadable-${id}`)).toContainText('Discard it');
  await expect(page.getByTestId(`retry-${id}`)).toHaveCount(0);
  await page.getByTestId(`discard-${id}`).click();
  await page.getByTestId(`confirm-discard-${id}`).click();
  await expect(page.getByTestId('outbox-message')).toHaveText('Discarded');
  await expect(page.getByTestId(`entry-${id}`)).toHaveCount(0);
  await expect(page.getByTestId('count-refused')).toHaveCount(0);
});

test('token revoked mid-sync: the queue pauses (nothing lost) until a good token is given', async ({ page }) => {
  // The labsheet's ID columns are kept once while the token still works (on a real service they are a
  // guess until then, and nothing is written by a guess).
  await signIn(page, stack);
  await openScreen(page, 'Row update');
  await keepIdColumns(page);
  await page.keyboard.press('Alt+7');
  await enterToken(page, 'revoked-token-0000');
  await openScreen(page, 'Row update');
  await page.getByTestId('mode-batch').check();
  await page.getByTestId('batch-field').fill('Status');
  await page.getByTestId('batch-value').fill('in use');
  await page.getByTestId('scan-field').focus();
  for (const t of ['TB000071', 'TB000072']) await scanAndWait(page, t, 'Status = in use');
  await expect(page.getByTestId('sync-banner')).toHaveAttribute('data-state', 'paused-for-token', { timeout: 20_000 });
  await expect(page.getByTestId('count-pending')).toHaveText('2');
  // Said once, by the token banner (with Open Settings); the sync line says what that means for the queue.
  await expect(page.getByText(/refused (your|the) token/)).toHaveCount(1);
  await expect(page.getByTestId('banner-token')).toContainText('The service refused your token.');
  await expect(page.getByTestId('sync-banner')).toContainText(
    'Paused — changes wait on this computer until a new token is entered in Settings; nothing is lost.',
  );
  await shot(page, 'paused-for-token');
  await enterToken(page, DEMO_TOKEN);
  await expect(page.getByTestId('count-pending')).toHaveText('0', { timeout: 20_000 });
  await expect(page.getByTestId('sync-banner')).toHaveAttribute('data-state', 'online');
});

test('scans of garbage are refused loudly and record nothing', async ({ page }) => {
  await signIn(page, stack);
  await openScreen(page, 'Assign location');
  const before = await page.getByTestId('count-pending').textContent();
  await scanAndWait(page, '@@##$$', 'Nothing recorded: not a barcode');
  await expect(page.getByTestId('last-scan')).toHaveClass(/bad/);
  await expect(page.getByTestId('count-pending')).toHaveText(before ?? '0');
});

test('the service goes away: the Outbox keeps each tab and the counts button on one line beside the offline sentence', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000002', 'PL-0002');
  await stack.stopSandbox();
  try {
    await scanAndWait(page, 'TB000064', 'S-0064 → ');
    await expect(page.getByTestId('sync-banner')).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });
    await scanAndWait(page, 'TB000065', 'S-0065 → ');
    await scanAndWait(page, 'TB000066', 'S-0066 → ');
    // Changes in more states than waiting, so the counts button is as wide as a bad day makes it (one
    // that gave up after 503s would be counted unsure, with the lost answer: a refusal is a state more).
    stack.storeEntryState('S-0065', 'failed', { kind: 'validation', status: 422, message: 'Validation error' });
    stack.storeEntryState('S-0066', 'uncertain', { kind: 'network', message: 'socket hang up' });
    await scanAndWait(page, 'TB000067', 'S-0067 → ');
    await expect(page.getByTestId('count-refused')).toHaveText('1');
    await expect(page.getByTestId('count-uncertain')).toHaveText('1');
    await openScreen(page, 'Outbox');
    // The long offline sentence wraps; the counts button beside it and each tab's label keep their words
    // on one line (the row of tabs may wrap between tabs): "Unsure whether | it arrived" read as two tabs,
    // "2 | waiting" as a number with no words.
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1280, height: 720 },
    ]) {
      await page.setViewportSize(size);
      await expect(page.getByRole('tab', { name: 'Unsure whether it arrived' })).toBeVisible();
      const labels = page.getByRole('tab').or(page.getByTestId('outbox-counts'));
      expect(await labelsOnMoreThanOneLine(labels), `at ${size.width} px`).toEqual([]);
      // Every cell of a row is as tall as its row, so the line under a row is one line: the actions cell
      // once ended at its buttons, its border drawn across the middle of the next row's reason.
      const rows = page.locator('tr[data-testid^="entry-"]');
      await expect(rows).toHaveCount(4);
      const shortCells = await rows.evaluateAll((trs) =>
        trs.flatMap((tr) => {
          const r = tr.getBoundingClientRect();
          return [...tr.querySelectorAll(':scope > td')]
            .map((td, i) => ({ i, b: td.getBoundingClientRect() }))
            .filter(({ b }) => Math.abs(b.top - r.top) > 1 || Math.abs(b.bottom - r.bottom) > 1)
            .map(({ i }) => `${tr.getAttribute('data-testid')} cell ${i + 1}`);
        }),
      );
      expect(shortCells, `at ${size.width} px`).toEqual([]);
    }
  } finally {
    await stack.startSandbox();
  }
  await expect(page.getByTestId('count-pending')).toHaveText('0', { timeout: 30_000 });
  await expect(page.getByTestId('sync-banner')).toHaveAttribute('data-state', 'online');
});
