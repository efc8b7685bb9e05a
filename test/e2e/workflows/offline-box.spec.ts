import { expect, test, type Page } from '@playwright/test';
import { useStack } from './stack.js';
import { noneStopped, openScreen, scanAndWait, shot, signIn } from './user.js';

const stack = useStack();

const tube = (n: number) => `TB${String(n).padStart(6, '0')}`;

/** Signed in, on Assign location with BX-0001 open: the scan field, the rack question, and a rack file chooser. */
async function boxForRackFiles(page: Page) {
  await signIn(page, stack);
  await openScreen(page, 'Assign location');
  await scanAndWait(page, 'BOX000001', 'Freezer Box 1');
  return {
    field: page.getByTestId('scan-field'),
    question: page.getByTestId('rack-unknown'),
    choose: (name: string, csv: string) =>
      page.getByTestId('rack-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) }),
  };
}

test('server goes down mid-box: scanning goes on, the queue drains when it is back, the box is right on the server', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, stack);
  await openScreen(page, 'Assign location');
  await expect(page.getByTestId('scan-field')).toBeFocused();

  await scanAndWait(page, 'BOX000001', 'Freezer Box 1');
  await expect(page.getByTestId('next-position')).toHaveText('A1');
  for (let n = 101; n <= 105; n++) await scanAndWait(page, tube(n), `${tube(n)} → `);
  await expect(page.locator('[data-testid^="assigned-"][data-sync="synced"]')).toHaveCount(5, { timeout: 20_000 });

  // The service disappears. Scans are still acknowledged (from the local commit) and queue up.
  await stack.stopSandbox();
  for (let n = 106; n <= 115; n++) await scanAndWait(page, tube(n), `${tube(n)} → `);
  await expect(page.getByTestId('next-position')).toHaveText('B7');
  // A duplicate is caught offline too.
  await page.waitForTimeout(400);
  await scanAndWait(page, tube(110), 'Duplicate');
  // Scanned by its sample ID, offline, the tube is known as the one put in B2 by its barcode.
  await scanAndWait(page, 'S-0111', 'Duplicate: S-0111 is already in B2 (as TB000111)');
  await expect(page.getByTestId('sync-banner')).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });
  await expect(page.getByTestId('count-pending')).toHaveText('10');
  await shot(page, 'offline-queue');

  // A file dropped while offline is staged and queued, not lost.
  await openScreen(page, 'Upload');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'box-map.csv', mimeType: 'text/csv', buffer: Buffer.from('A1,TB000101\n') });
  await expect(page.getByTestId('upload-box-map.csv')).toHaveAttribute('data-phase', 'queued');
  await expect(page.getByTestId('count-pending')).toHaveText('11');

  // Back online: the queue drains by itself (or at once with Sync now).
  await stack.startSandbox();
  await openScreen(page, 'Outbox');
  await page.getByTestId('sync-now').click();
  await expect(page.getByTestId('count-pending')).toHaveText('0', { timeout: 30_000 });
  await expect(page.getByTestId('sync-banner')).toHaveAttribute('data-state', 'online');
  await noneStopped(page);
  await page.getByRole('tab', { name: 'Recently sent' }).click();
  await expect(page.locator('[data-testid^="entry-"][data-state="done"]').first()).toBeVisible();
  await shot(page, 'outbox');

  // The server's own view: tubes 101–115 are in the box at A1…B6, each once.
  const rows = (await stack.api('/labsheets/fetch-list-rows?labsheet=Samples&pageSize=1000&archived=any')) as {
    headers: string[];
    rows: unknown[][];
  };
  const bc = rows.headers.indexOf('Tube Barcode');
  const inBox = rows.rows.filter((r) => Number(String(r[bc]).slice(2)) >= 101 && Number(String(r[bc]).slice(2)) <= 115);
  expect(inBox).toHaveLength(15);
  const m = (await stack.api('/manifest/fetch-metadata?barcode=BOX000001')) as {
    wells?: { position: string; sample?: { id: string } | null }[];
  };
  if (m.wells) {
    const filled = m.wells.filter((w) => w.sample).map((w) => w.position);
    expect(filled).toContain('A1');
    expect(filled).toContain('B6');
    expect(new Set(filled).size).toBe(filled.length);
  }
});

test('rack scanner file with one misread: good reads are kept, only the bad position is rescanned', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Assign location');
  await scanAndWait(page, 'BOX000001', 'Freezer Box 1');
  // D5 holds a product code, which a scan would refuse too: it is never recorded as a tube.
  const csv = 'Position,Barcode\nD1,TB000201\nD2,NOREAD\nD3,TB000203\nD4,TB000204\nD5,0109506000134352\n';
  await page
    .getByTestId('rack-file')
    .setInputFiles({ name: 'rack.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('rack-bad')).toContainText('D2');
  await expect(page.getByTestId('rack-bad')).toContainText('D5');
  await expect(page.getByTestId('rack-bad')).toContainText('not a tube ID');
  await expect(page.getByTestId('rack-bad')).toContainText('Rescan these positions');
  await expect(page.getByTestId('last-scan')).toContainText('3 tubes saved from the rack file; 2 positions to rescan');
  await expect(page.getByTestId('next-position')).toHaveText('D2');
  await page.getByTestId('scan-field').focus();
  await scanAndWait(page, 'TB000202', /TB000202 → .*Freezer Box 1 D2/);
  await expect(page.getByTestId('next-position')).toHaveText('D5');
  await scanAndWait(page, 'TB000205', /TB000205 → .*Freezer Box 1 D5/);
  // Both filled: the panel no longer asks for a rescan, it says they are done.
  await expect(page.getByTestId('rack-bad')).toContainText('Every misread position rescanned');
  await expect(page.getByTestId('rack-bad')).not.toContainText('Rescan these positions');
  await expect(page.locator('li[data-testid^="assigned-"]')).toHaveCount(5);
  await shot(page, 'assign-location');
  await expect(page.locator('[data-testid^="assigned-"][data-sync="synced"]')).toHaveCount(5, { timeout: 20_000 });

  // A look at the Outbox and back: the box is still open, and its tubes are still known.
  await openScreen(page, 'Outbox');
  await openScreen(page, 'Assign location');
  await expect(page.locator('li[data-testid^="assigned-"]')).toHaveCount(5);
  await page.getByTestId('scan-field').focus();
  await scanAndWait(page, 'TB000201', 'Duplicate: TB000201 is already in D1');
  await scanAndWait(page, 'S-0204', 'Duplicate: S-0204 is already in D4 (as TB000204)');
  // Scanned again, the box is read again from this computer's outbox: the same answer.
  await scanAndWait(page, 'BOX000001', 'Freezer Box 1');
  await scanAndWait(page, 'TB000203', 'Duplicate: TB000203 is already in D3');
  await scanAndWait(page, 'D4', 'D4 is not empty (TB000204 is in it)');

  // A rack file naming a taken position: that read is not saved and is not one to rescan into.
  const again = 'Position,Barcode\nD1,TB000206\nD6,TB000207\n';
  await page
    .getByTestId('rack-file')
    .setInputFiles({ name: 'rack2.csv', mimeType: 'text/csv', buffer: Buffer.from(again) });
  await expect(page.getByTestId('rack-taken')).toContainText('TB000206 D1 is not empty (TB000201 is in it)');
  await expect(page.getByTestId('rack-bad')).toHaveCount(0);
  await expect(page.getByTestId('last-scan')).toContainText(
    '1 tube saved from the rack file; 1 not saved because their positions are taken (D1)',
  );
  // The box was scanned again above: this visit's list starts from there.
  await expect(page.locator('li[data-testid^="assigned-"]')).toHaveCount(1);
  await expect(page.getByTestId('assigned-TB000207')).toContainText('D6');
  await expect(page.getByTestId('next-position')).not.toHaveText('D1');

  // A rack file that cannot be saved (the outbox locked by another program): none of it is, the
  // screen says so and keeps its reads, and one press saves them once the lock is gone.
  const release = stack.lockOutbox();
  const third = 'Position,Barcode\nE1,TB000208\nE2,TB000209\nE3,TB000210\n';
  await page
    .getByTestId('rack-file')
    .setInputFiles({ name: 'rack3.csv', mimeType: 'text/csv', buffer: Buffer.from(third) });
  await expect(page.getByTestId('last-scan')).toContainText('NOT RECORDED: The 3 tube moves were not saved');
  await expect(page.getByTestId('last-scan')).toContainText('Nothing from the rack file was saved');
  await expect(page.getByTestId('rack-kept')).toContainText('3 reads kept');
  await expect(page.getByTestId('assigned-TB000208')).toHaveCount(0);
  release();
  await page.getByTestId('rack-retry').click();
  await expect(page.getByTestId('last-scan')).toContainText('3 tubes saved from the rack file');
  await expect(page.getByTestId('rack-kept')).toHaveCount(0);
  await expect(page.getByTestId('assigned-TB000210')).toContainText('E3');
  await expect(page.getByTestId('scan-field')).toBeFocused();
});

test('rack file with tubes the labsheet does not have: one question, answered from the keyboard both ways', async ({
  page,
}) => {
  const { field, question, choose } = await boxForRackFiles(page);
  /** From the scan field, Tab reaches the question's buttons after the ID type and the file chooser. */
  const tabTo = async (testId: string, presses: number) => {
    await expect(field).toBeFocused();
    for (let i = 0; i < presses; i++) await page.keyboard.press('Tab');
    await expect(page.getByTestId(testId)).toBeFocused();
  };

  // Asked before anything is saved; "Use anyway" (Enter) saves the whole file.
  await choose('rack-new.csv', 'Position,Barcode\nF1,TB000211\nF2,TB999201\nF3,TB999202\n');
  await expect(question).toContainText('2 tubes in the rack file for BX-0001 Freezer Box 1 are not in the labsheet');
  await expect(question).toContainText('TB999201 F2');
  await expect(question).toContainText('TB999202 F3');
  await expect(page.getByTestId('last-scan')).toContainText(
    '2 tubes in the rack file are not in the labsheet Samples: TB999201 (F2), TB999202 (F3). Nothing from the ' +
      'file is saved yet: use them anyway, or skip them and rescan their positions?',
  );
  await expect(page.getByTestId('assigned-TB000211')).toHaveCount(0);
  await tabTo('rack-unknown-use', 3);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('last-scan')).toContainText('3 tubes saved from the rack file');
  await expect(question).toHaveCount(0);
  await expect(page.getByTestId('assigned-TB999202')).toContainText('F3');
  await expect(field).toBeFocused();

  // "Skip them" (Space) saves the rest and lists their positions to rescan: the next scan goes there.
  await choose('rack-new2.csv', 'Position,Barcode\nG1,TB000212\nG2,TB999203\n');
  await expect(question).toContainText('1 tube in the rack file for BX-0001 Freezer Box 1 is not in the labsheet');
  // One stop more than before the first file: Undo, which that file's tubes made something to undo.
  await tabTo('rack-unknown-skip', 5);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('last-scan')).toContainText(
    '1 tube saved from the rack file; 1 position to rescan: G2',
  );
  await expect(question).toHaveCount(0);
  await expect(page.getByTestId('rack-bad')).toContainText('G2 TB999203: not in the labsheet Samples');
  await expect(page.getByTestId('assigned-TB000212')).toContainText('G1');
  await expect(page.getByTestId('assigned-TB999203')).toHaveCount(0);
  await expect(page.getByTestId('next-position')).toHaveText('G2');
  await expect(field).toBeFocused();
});

test('rack file that moves a tube this computer put in the box and puts a new one where it was: both saved, the move sent first', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Assign location');
  await scanAndWait(page, 'BOX000001', 'Freezer Box 1');
  // The box holds TB000211 in F1, put there from this computer (the test above); the rack shows it in
  // H1 and a new tube in F1.
  const csv = 'Position,Barcode\nF1,TB000214\nH1,TB000211\n';
  await page
    .getByTestId('rack-file')
    .setInputFiles({ name: 'rack-move.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('last-scan')).toContainText(
    '2 tubes saved from the rack file; 1 tube moved within the box (TB000211 F1 → H1); one of them goes in once ' +
      'the move out of its position is sent (TB000214 into F1 after TB000211 leaves it)',
  );
  await expect(page.getByTestId('rack-waiting')).toHaveCount(0);
  await expect(page.getByTestId('rack-taken')).toHaveCount(0);
  await expect(page.getByTestId('rack-bad')).toHaveCount(0);
  await expect(page.getByTestId('assigned-TB000211')).toHaveAttribute('data-sync', 'synced', { timeout: 20_000 });
  await expect(page.getByTestId('assigned-TB000214')).toHaveAttribute('data-sync', 'synced', { timeout: 20_000 });
  // On the service: the moved tube in its new position, the new tube in the one it left; nothing refused.
  const at = (p: string) => stack.serverWells('BX-0001').find((w) => w.position === p)?.sample ?? null;
  expect([at('F1'), at('H1')]).toEqual(['S-0214', 'S-0211']);

  // Moved again by hand, by scans: its new position first, then the tube. H1 is free at once, as the
  // next position scanned says, and Well fill draws it empty once the move is sent.
  await page.getByTestId('scan-field').focus();
  await scanAndWait(
    page,
    'TB000211',
    'Duplicate: TB000211 is already in H1; nothing recorded. To move it, scan its new position first.',
  );
  await scanAndWait(page, 'H2', 'Next tube goes to H2');
  await scanAndWait(page, 'TB000211', 'Moved TB000211 from H1 to H2');
  const rows = page.getByTestId('assigned-TB000211');
  await expect(rows.first()).toContainText('H2');
  await scanAndWait(page, 'H1', 'Next tube goes to H1');
  await expect(page.getByTestId('next-position')).toHaveText('H1');
  await expect(rows.first()).toHaveAttribute('data-sync', 'synced', { timeout: 20_000 });
  expect([at('H1'), at('H2')]).toEqual([null, 'S-0211']);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'BOX000001', 'BX-0001');
  await expect(page.getByTestId('well-H1')).toHaveAttribute('data-sample', '');
  await expect(page.getByTestId('well-H2')).toHaveAttribute('data-sample', 'S-0211');
});

test('the rack file question answers to the single-tube question keys: Alt+Y uses them, Escape saves nothing and says so; a scan instead leaves it unanswered', async ({
  page,
}) => {
  const { field, question, choose } = await boxForRackFiles(page);

  // Alt+Y, from the scan field: "Use anyway", the whole file saved.
  await choose('rack-alt-y.csv', 'Position,Barcode\nH5,TB000215\nH6,TB999204\n');
  await expect(question).toContainText('1 tube in the rack file for BX-0001 Freezer Box 1 is not in the labsheet');
  await expect(page.getByTestId('rack-unknown-use')).toContainText('Alt+Y');
  await expect(page.getByTestId('rack-unknown-close')).toContainText('Esc');
  await expect(field).toBeFocused();
  // Held down, so the key repeats: the question is answered once, and the line keeps what it saved.
  await page.keyboard.down('Alt');
  await page.keyboard.down('y');
  await page.keyboard.down('y');
  await page.keyboard.up('y');
  await page.keyboard.up('Alt');
  await expect(page.getByTestId('last-scan')).toContainText('2 tubes saved from the rack file');
  await expect(question).toHaveCount(0);
  await expect(page.getByTestId('last-scan')).not.toContainText('There is no question');
  await expect(page.getByTestId('assigned-TB999204')).toContainText('H6');
  await expect(field).toBeFocused();

  // Escape: nothing from the file saved (not even its known tube), no position to rescan, and the line says so.
  const next = (await page.getByTestId('next-position').textContent()) ?? '';
  const escFile = 'Position,Barcode\nH7,TB000216\nH8,TB999205\n';
  await choose('rack-esc.csv', escFile);
  await expect(question).toContainText('TB999205 H8');
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(page.getByTestId('last-scan')).toContainText(
    'Nothing from the rack file for BX-0001 Freezer Box 1 was saved: you closed the question about its 1 tube ' +
      'not in the labsheet Samples. To save the file, choose it again and answer "Use anyway" or "Skip them"',
  );
  await expect(page.getByTestId('assigned-TB000216')).toHaveCount(0);
  await expect(page.getByTestId('rack-bad')).toHaveCount(0);
  await expect(page.getByTestId('next-position')).toHaveText(next);
  await expect(field).toBeFocused();

  // A scan made instead of an answer is looked up and placed as usual; the question goes, and the screen
  // says what that left undone, as it does for a single tube's question.
  await choose('rack-esc.csv', escFile);
  await expect(question).toBeVisible();
  await scanAndWait(page, 'TB000217', 'TB000217 →');
  await expect(question).toHaveCount(0);
  await expect(page.getByTestId('guard-unanswered')).toContainText(
    'The question about the rack file for BX-0001 Freezer Box 1 was left unanswered: nothing from the file was saved',
  );
  await expect(page.getByTestId('assigned-TB000217')).toHaveCount(1);
  await expect(page.getByTestId('assigned-TB000216')).toHaveCount(0);

  // A scan instead that is itself asked about: its question and the file's note are both on the screen.
  await page.getByTestId('guard-unanswered-ok').click();
  await choose('rack-esc.csv', escFile);
  await expect(question).toBeVisible();
  await scanAndWait(page, 'TB999206', 'not in the labsheet');
  await expect(question).toHaveCount(0);
  await expect(page.getByTestId('guard')).toHaveAttribute('data-kind', 'unknown-sample');
  await expect(page.getByTestId('guard-unanswered')).toContainText(
    'The question about the rack file for BX-0001 Freezer Box 1 was left unanswered: nothing from the file was saved',
  );
});
