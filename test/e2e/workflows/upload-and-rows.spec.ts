import { expect, test } from '@playwright/test';
import { useStack } from './stack.js';
import { allSent, keepIdColumns, openScreen, scanAndWait, shot, signIn } from './user.js';

const stack = useStack();

test('upload files: each gets a file id and ticket; a type the service does not embed is said so and sent; the list stays while the Outbox is visited', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Upload');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.getByTestId('file-input').setInputFiles([
    { name: 'plate-layout.csv', mimeType: 'text/csv', buffer: Buffer.from('well,sample\nA1,S-0001\n') },
    { name: 'gel.png', mimeType: 'image/png', buffer: png },
    { name: 'runner.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
  ]);
  // This stack's service is a sandbox at an address, a service like any other to the app: it may store the
  // file without embedding it, or refuse it (this one does, below).
  await expect(page.getByTestId('embedding-list')).toContainText(
    'A file of another type is stored only, or refused, as the service decides.',
  );
  await expect(page.getByTestId('stored-only-runner.exe')).toHaveText(
    'Will be stored but not embedded, or refused, as the service decides: .exe files are not on its embedding list',
  );
  await expect(page.getByTestId('stored-only-gel.png')).toHaveCount(0);
  // Sent like the others; the service's answer decides (the embedded sandbox refuses it in its answer).
  await expect(page.getByTestId('upload-runner.exe')).toHaveAttribute('data-phase', 'refused', { timeout: 20_000 });
  // In the Outbox's word for it: refused, not "failed" (which reads as worth sending again).
  await expect(page.getByTestId('upload-runner.exe').locator('strong')).toHaveText('refused');
  // The service answered: its reason stands, not the "will be stored" said before it was sent.
  await expect(page.getByTestId('stored-only-runner.exe')).toHaveCount(0);
  await expect(page.getByTestId('upload-plate-layout.csv')).toHaveAttribute('data-phase', 'done', { timeout: 20_000 });
  await expect(page.getByTestId('upload-gel.png')).toHaveAttribute('data-phase', 'done', { timeout: 20_000 });
  await expect(page.getByTestId('upload-gel.png')).toContainText('QUEUED');
  // The service's word stands apart from ours, and a small file is its exact size, not "1 KB".
  await expect(page.getByTestId('upload-gel.png')).toContainText('sent · QUEUED');
  await expect(page.getByTestId('upload-runner.exe')).toContainText('2 bytes');
  // Drag and drop: the dropped file's bytes travel to the host, which stages and queues them.
  // A string: this file is type-checked without the DOM library.
  const dataTransfer = await page.evaluateHandle(`(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['run 42: all wells pass'], 'qc-notes.txt', { type: 'text/plain' }));
    return dt;
  })()`);
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });
  await expect(page.getByTestId('upload-qc-notes.txt')).toBeVisible();
  // Off to the Outbox at once: the refused file is discarded there. Back on Upload, the list is as it
  // was left, each file as its upload is now (sent or discarded while the list was not shown).
  await openScreen(page, 'Outbox');
  const refused = page.locator('[data-testid^="entry-"][data-state="failed"]', { hasText: 'runner.exe' });
  const id = (await refused.getAttribute('data-testid'))!.replace('entry-', '');
  await expect(page.getByTestId(`entry-state-${id}`)).toHaveText('Refused');
  // The Upload list said the refusal in the Outbox's words, one sentence for one failure.
  const reason = (await page.getByTestId(`entry-reason-${id}`).innerText()).trim();
  expect(reason).toMatch(/\.exe is not supported for embedding/);
  await openScreen(page, 'Upload');
  await expect(page.getByTestId('upload-runner.exe')).toContainText(reason);
  await openScreen(page, 'Outbox');
  await refused.getByRole('button', { name: 'Discard…' }).click();
  await refused.getByRole('button', { name: 'Yes, discard it' }).click();
  await expect(refused).toHaveCount(0);
  await openScreen(page, 'Upload');
  await expect(page.getByTestId('upload-runner.exe')).toHaveAttribute('data-phase', 'discarded');
  await expect(page.getByTestId('upload-runner.exe')).toContainText('discarded in the Outbox — will not be sent');
  await expect(page.getByTestId('upload-qc-notes.txt')).toHaveAttribute('data-phase', 'done', { timeout: 20_000 });
  await expect(page.getByTestId('upload-plate-layout.csv')).toHaveAttribute('data-phase', 'done');
  // An uploaded image can be embedded into a page (given by its HRID: this stack's service is a lab's).
  await page.getByLabel('Experiment, protocol or documentation page (HRID)').fill('EXP-0001');
  await page.getByTestId('attach-gel.png').click();
  await expect(page.getByTestId('last-scan')).toContainText('embedded in EXP-0001');
  await expect(page.getByTestId('count-pending')).toHaveText('0', { timeout: 20_000 });
  await shot(page, 'upload');
});

test('update rows in a batch: Status = depleted for every scanned tube; one row edited by hand', async ({ page }) => {
  await signIn(page, stack);
  await openScreen(page, 'Row update');
  // The demo labsheet was not created by this app: its ID column is a guess, and the page says so.
  await expect(page.getByTestId('id-column')).toHaveText('Sample ID');
  await expect(page.getByTestId('id-columns-source')).toContainText('a guess');
  await page.getByTestId('mode-batch').check();
  // The Field offers the labsheet's columns, not those naming its rows.
  await expect(page.getByTestId('batch-field')).toHaveAttribute('list', 'batch-columns');
  await expect(page.getByTestId('batch-columns').locator('option[value="Status"]')).toHaveCount(1);
  await expect(page.getByTestId('batch-columns').locator('option[value="Sample ID"]')).toHaveCount(0);
  await page.getByTestId('batch-field').fill('Status');
  // Its Value offers the values the rows hold in that column.
  await expect(page.getByTestId('batch-values').locator('option[value="received"]')).toHaveCount(1);
  // A value in another spelling than the one the rows hold is said as it is typed.
  await page.getByTestId('batch-value').fill('Depleted');
  await expect(page.getByTestId('batch-value-hint')).toHaveText(
    'No row of Samples holds "Depleted" in Status yet; did you mean "depleted"?',
  );
  await page.getByTestId('batch-value').fill('depleted');
  await expect(page.getByTestId('batch-value-hint')).toHaveCount(0);
  await page.getByTestId('scan-field').focus();
  // Nothing is written by a guess (a wrong one sent changes to another row): the first tube is refused
  // with which columns were guessed, and one click in the panel keeps them.
  await scanAndWait(page, 'TB000041', '"Sample ID" is only a guess at the ID column of Samples');
  await expect(page.getByTestId('count-pending')).toHaveText('0');
  await keepIdColumns(page);
  await page.getByTestId('scan-field').focus();
  await page.waitForTimeout(400);
  for (const t of ['TB000041', 'TB000042', 'TB000043', 'S-0044']) await scanAndWait(page, t, 'Status = depleted');
  await page.waitForTimeout(400);
  await scanAndWait(page, 'TB000042', 'Duplicate');
  await expect(page.getByTestId('batch-count')).toHaveText('4');
  await expect(page.locator('li[data-sync="synced"]')).toHaveCount(4, { timeout: 20_000 });
  // The value set now is for the next tubes: the list keeps what each tube was saved with.
  await page.getByTestId('batch-value').fill('in use');
  await expect(page.getByTestId('batch-S-0041')).toContainText('Status = depleted');
  await page.getByTestId('batch-value').fill('depleted');
  await shot(page, 'row-update-batch');

  await page.getByTestId('mode-single').check();
  await page.getByTestId('scan-field').focus();
  await scanAndWait(page, 'TB000045', 'S-0045 opened');
  await expect(page.getByTestId('shown-Tube Barcode')).toHaveText('TB000045');
  await expect(page.getByTestId('shown-Existing Manifest')).toHaveText('empty');
  // Typed by hand into a number box: a decimal is that decimal (the scan-catching layer once turned 12.5
  // into 5), and text the box cannot read (a stray "e") is refused with why, not saved as an empty cell.
  const volume = page.getByTestId('field-Volume uL');
  const volumeBefore = await sampleRow('S-0045', 'Volume uL');
  await volume.fill('');
  await volume.pressSequentially('12.5', { delay: 150 }); // by hand: scanner-fast keys are a scan
  await expect(volume).toHaveValue('12.5');
  await volume.pressSequentially('e', { delay: 150 });
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('last-scan')).toContainText('Not saved: Volume uL is not a number as typed');
  await expect(volume).toHaveAttribute('aria-invalid', 'true');
  await volume.fill(String(volumeBefore));
  await expect(volume).toHaveAttribute('aria-invalid', 'false');
  expect(await sampleRow('S-0045', 'Volume uL')).toBe(volumeBefore);
  // A text field offers, once entered, the values the labsheet's rows hold in its column.
  await page.getByTestId('field-Status').focus();
  await expect(page.getByTestId('field-values-Status').locator('option[value="received"]')).toHaveCount(1);
  await page.getByTestId('field-Notes').fill('aliquoted twice');
  // The next tube does not take the edit away: refused with the way on, saved with Ctrl+S.
  await page.getByTestId('scan-field').focus();
  await scanAndWait(page, 'TB000046', 'S-0045 has unsaved changes (Notes): press Ctrl+S to save');
  await expect(page.getByTestId('field-Notes')).toHaveValue('aliquoted twice');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('last-scan')).toContainText('1 change saved');
  await expect(page.getByTestId('scan-field')).toBeFocused();
  await allSent(page, async () => (await sampleRow('S-0045', 'Notes')) === 'aliquoted twice');
  await shot(page, 'row-update');
  // An edit thrown away: Escape asks, a second Escape discards, and nothing is sent.
  await page.getByTestId('field-Notes').fill('a slip of the hand');
  await page.getByTestId('scan-field').focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('last-scan')).toContainText('Press Escape again to discard 1 unsaved change to');
  await expect(page.getByTestId('field-Notes')).toHaveValue('a slip of the hand');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('last-scan')).toContainText('Discarded the changes to S-0045 (Notes)');
  await expect(page.getByTestId('field-Notes')).toHaveValue('aliquoted twice');
  await expect(page.getByTestId('count-pending')).toHaveText('0');

  for (const id of ['S-0041', 'S-0042', 'S-0043', 'S-0044']) expect(await sampleRow(id, 'Status')).toBe('depleted');
  expect(await sampleRow('S-0045', 'Notes')).toBe('aliquoted twice');
});

test('a batch change discarded on the Outbox reads so back on Row update: it will not be sent', async ({ page }) => {
  await signIn(page, stack);
  await openScreen(page, 'Row update');
  await page.getByTestId('mode-batch').check();
  await page.getByTestId('batch-field').fill('Status');
  await page.getByTestId('batch-value').fill('half-empty');
  await page.getByTestId('scan-field').focus();
  await scanAndWait(page, 'S-0047', 'Status = half-empty');
  // Not a Status the labsheet allows: the service refuses it.
  await expect(page.getByTestId('batch-S-0047')).toHaveAttribute('data-sync', 'refused', { timeout: 20_000 });
  // Why, in the Outbox's plain words (on the old code only "refused — see Outbox").
  const why = 'Status cannot be "half-empty": the labsheet allows only';
  await expect(page.getByTestId('batch-S-0047')).toContainText(`refused — ${why}`);
  await expect(page.getByTestId('batch-S-0047')).toContainText('See the Outbox.');

  await openScreen(page, 'Outbox');
  const refused = page.locator('[data-testid^="entry-"][data-state="failed"]', { hasText: 'S-0047' });
  // The Outbox says the same: the state in a word, the reason in the same plain words, the service's after.
  const id = (await refused.getAttribute('data-testid'))!.replace('entry-', '');
  await expect(page.getByTestId(`entry-state-${id}`)).toHaveText('Refused');
  await expect(page.getByTestId(`entry-reason-${id}`)).toContainText(new RegExp(`^\\s*${why}.* The service said: `));
  await refused.getByRole('button', { name: 'Discard…' }).click();
  await refused.getByRole('button', { name: 'Yes, discard it' }).click();
  await expect(refused).toHaveCount(0);

  await openScreen(page, 'Row update');
  await expect(page.getByTestId('batch-S-0047')).toHaveAttribute('data-sync', 'discarded');
  await expect(page.getByTestId('batch-S-0047')).toContainText('discarded in the Outbox — will not be sent');
});

/** One column of a Samples row as the service has it. */
async function sampleRow(id: string, column: string): Promise<unknown> {
  const rows = (await stack.api('/labsheets/fetch-list-rows?labsheet=Samples&pageSize=1000&archived=any')) as {
    headers: string[];
    rows: unknown[][];
  };
  const col = (n: string) => rows.headers.indexOf(n);
  return rows.rows.find((r) => r[col('Sample ID')] === id)?.[col(column)];
}
