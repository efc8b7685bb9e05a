import { expect, test } from '@playwright/test';
import { useStack } from './stack.js';
import { openScreen, scanAndWait, signIn } from './user.js';

// The fault proxy between the host and the service answers 503 after the service made the change.
const stack = useStack({ faults: true, timeout: 90_000 });

/**
 * A change that gave up after the service kept answering 503 may be on the service all the same (a
 * gateway's 503 after the service made it): its Outbox row says so in the words its well says, "Unsure
 * whether it arrived", with what to do and the choices of one whose answer was lost. Before, the row
 * said "Failed" with Retry, as one never sent: pressed unlooked, it made the change a second time.
 */
test('a fill that gave up after 503s reads "Unsure whether it arrived" in the Outbox, as on its well; "It arrived" settles it', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000003', 'PL-0003');
  stack.setFaults([{ path: '/manifest/update', fault: { kind: 'status', status: 503, forward: true } }]);
  await scanAndWait(page, 'TB000031', 'S-0031');

  await openScreen(page, 'Outbox');
  const row = page.locator('[data-testid^="entry-"][data-state]', { hasText: 'S-0031' });
  // Waiting to go again, its error is its last try's, not where it ends (on the old code said bare).
  await expect(row).toHaveAttribute('data-state', 'pending');
  await expect(row.getByTestId(/^entry-reason-/)).toContainText(/^\s*last try: The service had an error\./, {
    timeout: 15_000,
  });
  // Each "Sync now" is one more answered try; after its last the entry gives up and waits for the user.
  await expect
    .poll(
      async () => {
        await page.getByTestId('sync-now').click();
        return row.getAttribute('data-state');
      },
      { intervals: [300], timeout: 30_000 },
    )
    .toBe('failed');
  const id = (await row.getAttribute('data-testid'))!.replace('entry-', '');
  await expect(page.getByTestId(`entry-state-${id}`)).toHaveText('Unsure whether it arrived');
  await expect(page.getByTestId(`entry-state-${id}`)).toHaveAttribute('data-shown', 'uncertain');
  // What happened only: what to do is the advice's, in the words of the row's own choices (on the old code
  // the reason ended "Retry when the service works again, or discard it.", for buttons the row lacks).
  const reason = page.getByTestId(`entry-reason-${id}`);
  await expect(reason).toContainText('Stopped after 8 failed attempts: the service answered each with an error. Last:');
  await expect(reason).not.toContainText(/retry|discard/i);
  await expect(page.getByTestId(`entry-advice-${id}`)).toHaveText(
    'It may be on the service all the same: look there before you send it again. ' +
      'If it is there, choose "It arrived"; if it is not, "Send again".',
  );
  // Not offered as one never sent: no Retry (nor Edit), the choices of one whose answer was lost.
  await expect(page.getByTestId(`retry-${id}`)).toHaveCount(0);
  await expect(page.getByTestId(`edit-${id}`)).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Send again' })).toBeVisible();
  // Discard is asked first, and says it does not take back what may be on the service; Keep leaves it.
  await row.getByRole('button', { name: 'Discard…' }).click();
  await expect(page.getByTestId(`discard-unsure-${id}`)).toHaveText(
    'It may be on the service already: discarding forgets it on this computer, it does not take it back there.',
  );
  await row.getByRole('button', { name: 'Keep' }).click();
  await expect(page.getByTestId(`discard-unsure-${id}`)).toHaveCount(0);

  // Counted as its row says it, on the Outbox's line and the header's: "1 unsure", not "1 failed".
  await expect(page.getByTestId('summary-uncertain')).toHaveText('1');
  await expect(page.getByTestId('summary-failed')).toHaveText('0');
  await expect(page.getByTestId('count-uncertain')).toHaveText('1');
  await expect(page.getByTestId('count-failed')).toHaveCount(0);
  // And listed under the tab that says its words, not under "Failed".
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  await tab('Failed').click();
  await expect(tab('Failed')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('outbox-empty')).toBeVisible();
  await tab('Unsure whether it arrived').click();
  await expect(page.getByTestId(`entry-state-${id}`)).toHaveText('Unsure whether it arrived');
  await tab('Open').click();

  // The well says the same word for the same change.
  await openScreen(page, 'Well fill');
  const well = page.locator('[data-sample="S-0031"]');
  await expect(well).toHaveAttribute('data-sync', 'unsure');
  await expect(well).toHaveAttribute('title', /unsure whether it arrived: Stopped after 8 failed attempts/);

  // The technician looks: the service has it. "It arrived" settles it, and nothing is sent again.
  stack.setFaults([]);
  expect(stack.serverWells('PL-0003').filter((w) => w.sample === 'S-0031')).toHaveLength(1);
  await openScreen(page, 'Outbox');
  await row.getByRole('button', { name: 'It arrived' }).click();
  await expect(page.getByTestId('outbox-message')).toHaveText('Marked as done');
  await expect(row).toHaveCount(0);
  await openScreen(page, 'Well fill');
  await expect(well).toHaveAttribute('data-sync', 'synced');
});

/** A failed upload is given up from its own row, asked first as the Outbox asks, with the keyboard. */
test('a refused upload is discarded from its Upload row after "Yes, discard it", leaves the Outbox, and is put back', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Upload');
  await page
    .getByTestId('file-input')
    .setInputFiles([{ name: 'runner.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') }]);
  const row = page.getByTestId('upload-runner.exe');
  await expect(row).toHaveAttribute('data-phase', 'refused', { timeout: 20_000 });
  await page.getByTestId('discard-runner.exe').click();
  // Asked first; the question has the keyboard, and Keep leaves it as it was.
  const confirm = page.getByTestId('confirm-discard-runner.exe');
  await expect(confirm).toBeFocused();
  await row.getByRole('button', { name: 'Keep' }).click();
  await expect(row).toHaveAttribute('data-phase', 'refused');
  await page.getByTestId('discard-runner.exe').click();
  await page.keyboard.press('Enter');
  await expect(row).toHaveAttribute('data-phase', 'discarded');
  await expect(row.locator('strong')).toContainText('will not be sent');
  // Its one choice now is the Discard's Undo, for the day main keeps the file's copy.
  await expect(row.getByRole('button')).toHaveText(['Put back']);

  await openScreen(page, 'Outbox');
  await expect(page.locator('[data-testid^="entry-"]', { hasText: 'runner.exe' })).toHaveCount(0);

  // Put back from its row: refused again as it was, and in the Outbox's Refused tab again.
  await openScreen(page, 'Upload');
  await page.getByTestId('put-back-runner.exe').click();
  await expect(row).toHaveAttribute('data-phase', 'refused');
  await openScreen(page, 'Outbox');
  await page.getByRole('tab', { name: 'Refused' }).click();
  await expect(page.locator('[data-testid^="entry-"]', { hasText: 'runner.exe' })).toHaveCount(1);
});

/**
 * A change set aside because a newer change to its well went after it: its reason says to discard it or
 * make the change again, and its row offers that alone. On the old code the row offered "It arrived" and
 * "Send again" too, as one whose answer was lost; sent again it was only set aside again. Its state said
 * "Unsure whether it arrived" beside "Not sent: …", and it was counted "1 unsure" under that tab: it is
 * "Set aside", counted and listed so.
 */
test('a change set aside for a newer one says so, and offers Discard, as its reason says', async ({ page }) => {
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000003', 'PL-0003');
  await scanAndWait(page, 'TB000032', 'S-0032');
  const reason =
    'Not sent: a newer change to well B1 (#99) was sent after this one, and sending this now would undo it. ' +
    'Discard this one, or scan again if it is the one you want.';
  // As the sync leaves it (main/sync/superseded.ts): failed, after a try, with its reason.
  stack.storeEntryState('S-0032', 'failed', { kind: 'superseded', message: reason });
  // Main's counts are read afresh on a load: the entry was changed behind its back.
  await page.reload();

  await openScreen(page, 'Outbox');
  const row = page.locator('[data-testid^="entry-"][data-state]', { hasText: 'S-0032' });
  const id = (await row.getAttribute('data-testid'))!.replace('entry-', '');
  await expect(page.getByTestId(`entry-reason-${id}`)).toContainText(reason);
  await expect(page.getByTestId(`entry-state-${id}`)).toHaveText('Set aside');
  await expect(page.getByTestId('outbox-summary')).toContainText('1 set aside');
  await expect(page.getByTestId('summary-uncertain')).toHaveText('0');
  await expect(page.getByTestId('count-superseded')).toHaveText('1');
  await page.getByRole('tab', { name: 'Set aside' }).click();
  await expect(page.locator('[data-testid^="entry-"][data-state]')).toHaveCount(1);
  await expect(row.getByRole('button', { name: 'Send again' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'It arrived' })).toHaveCount(0);
  await expect(page.getByTestId(`retry-${id}`)).toHaveCount(0);
  await row.getByRole('button', { name: 'Discard…' }).click();
  await page.getByTestId(`confirm-discard-${id}`).click();
  await expect(page.getByTestId('outbox-message')).toHaveText('Discarded');
  // None left: the count is not said at all, as the line has room for the usual five only.
  await expect(page.getByTestId('summary-superseded')).toHaveCount(0);
  await expect(page.getByTestId('count-superseded')).toHaveCount(0);
});
