import { expect, test, type Page } from '@playwright/test';
import { useStack } from './stack.js';
import { openScreen, signIn } from './user.js';

// The fault proxy between the host and the service gives the answer the sandbox never does.
const stack = useStack({ faults: true });

/** Puts the file `name` on the Upload screen through an answer that names no result for it: unsure. */
async function unsureRow(page: Page, name: string) {
  await signIn(page, stack);
  await openScreen(page, 'Upload');
  stack.setFaults([{ path: '/files/store-and-embed', fault: { kind: 'replace', body: '[]' }, count: 1 }]);
  await page
    .getByTestId('file-input')
    .setInputFiles([{ name, mimeType: 'text/csv', buffer: Buffer.from('well,sample\nA1,S-0001\n') }]);
  const row = page.getByTestId(`upload-${name}`);
  await expect(row).toHaveAttribute('data-phase', 'unsure', { timeout: 20_000 });
  return row;
}

/**
 * The service took the file but its answer named no result for it: the upload may be stored or not,
 * so it is "unsure", never sent again by itself, and settled by the technician, who looked.
 */
test('an upload whose answer named no result for it is unsure; "It arrived" in the Outbox settles it, and it is not sent again', async ({
  page,
}) => {
  const row = await unsureRow(page, 'run.csv');
  await expect(row.locator('strong')).toHaveText('unsure whether it arrived');
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

/**
 * The same choices on the Upload row itself, in the Outbox's words, from the keyboard: the technician
 * need not go to the Outbox to settle a file unsure whether it arrived.
 */
test('an unsure upload is settled from its Upload row with the keyboard: "It arrived" leaves it sent, stored once', async ({
  page,
}) => {
  const row = await unsureRow(page, 'arrived.csv');
  const sendAgain = row.getByRole('button', { name: 'Send again' });
  await expect(sendAgain).toHaveAttribute('title', 'It did not reach the server');
  const arrived = row.getByRole('button', { name: 'It arrived' });
  await expect(arrived).toHaveAttribute('title', 'It did reach the server');
  // In the tab order: reached with Tab from the button before it, pressed with Enter.
  await sendAgain.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(arrived).toBeFocused();
  expect(stack.serverFiles().filter((f) => f.fileName === 'arrived.csv')).toHaveLength(1);
  await page.keyboard.press('Enter');
  await expect(row).toHaveAttribute('data-phase', 'done');
  await expect(row.locator('strong')).toHaveText('sent');
  await expect(row.getByRole('button')).toHaveCount(0);
  // The button went with the choice: the keyboard carries on from the drop zone, not the page's body.
  await expect(page.getByTestId('drop-zone')).toBeFocused();

  // The Outbox has it as sent too, and nothing was sent again.
  await openScreen(page, 'Outbox');
  await expect(page.locator('[data-testid^="entry-"][data-state="uncertain"]', { hasText: 'arrived.csv' })).toHaveCount(
    0,
  );
  expect(stack.serverFiles().filter((f) => f.fileName === 'arrived.csv')).toHaveLength(1);
});

test('"Send again" on the Upload row, with Space, sends the file again and the row follows it to sent', async ({
  page,
}) => {
  const row = await unsureRow(page, 'again.csv');
  await row.getByRole('button', { name: 'Send again' }).focus();
  await page.keyboard.press('Space');
  await expect(row).toHaveAttribute('data-phase', 'done', { timeout: 20_000 });
  await expect(row.locator('strong')).toHaveText('sent');
  // The technician found it missing and chose to send it: the service has the second copy.
  expect(stack.serverFiles().filter((f) => f.fileName === 'again.csv')).toHaveLength(2);
});
