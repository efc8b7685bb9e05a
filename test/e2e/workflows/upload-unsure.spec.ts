import { expect, test } from '@playwright/test';
import { useStack } from './stack.js';
import { openScreen, signIn } from './user.js';

// The fault proxy between the host and the service gives the answer the sandbox never does.
const stack = useStack({ faults: true });

/**
 * The service took the file but its answer named no result for it: the upload may be stored or not,
 * so it is "unsure", never sent again by itself, and settled by the technician, who looked.
 */
test('an upload whose answer named no result for it is unsure; "It arrived" in the Outbox settles it, and it is not sent again', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Upload');
  stack.setFaults([{ path: '/files/store-and-embed', fault: { kind: 'replace', body: '[]' }, count: 1 }]);
  await page
    .getByTestId('file-input')
    .setInputFiles([{ name: 'run.csv', mimeType: 'text/csv', buffer: Buffer.from('well,sample\nA1,S-0001\n') }]);
  const row = page.getByTestId('upload-run.csv');
  await expect(row).toHaveAttribute('data-phase', 'unsure', { timeout: 20_000 });
  await expect(row.locator('strong')).toHaveText('unsure whether it arrived (see the Outbox)');
  await expect(row).toContainText('its answer named no result for this file, so it may have stored it or not');
  // Not offered for queueing again from here: a second upload would store it twice.
  await expect(page.getByTestId('queue-again-run.csv')).toHaveCount(0);

  await openScreen(page, 'Outbox');
  const entry = page.locator('[data-testid^="entry-"][data-state="uncertain"]', { hasText: 'run.csv' });
  const id = (await entry.getAttribute('data-testid'))!.replace('entry-', '');
  await expect(page.getByTestId(`entry-state-${id}`)).toHaveText('Unsure whether it arrived');
  await expect(page.getByTestId(`entry-reason-${id}`)).toContainText(
    'Look for the file among the files on the service before sending it again',
  );
  await expect(entry.getByRole('button', { name: 'Send again' })).toBeVisible();
  // The technician looked: the service has it (stored once).
  expect(stack.serverFiles().filter((f) => f.fileName === 'run.csv')).toHaveLength(1);
  await entry.getByRole('button', { name: 'It arrived' }).click();
  await expect(page.getByTestId('outbox-message')).toHaveText('Marked as done');
  await expect(entry).toHaveCount(0);

  await openScreen(page, 'Upload');
  await expect(row).toHaveAttribute('data-phase', 'done');
  await expect(row.locator('strong')).toHaveText('sent');
  // Settled as it was: nothing was sent again.
  expect(stack.serverFiles().filter((f) => f.fileName === 'run.csv')).toHaveLength(1);
});
