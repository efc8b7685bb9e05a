import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { useStack } from './stack.js';
import { noneStopped, openScreen, scanAndWait, shot, signIn } from './user.js';

const stack = useStack();
const tube = (n: number) => `TB${String(n).padStart(6, '0')}`;

test('a layout saved from one plate is applied to a new plate by its command barcode and undone in one step', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  // PL-0001 carries the lab's controls (H11 positive, H12 negative): they become the layout.
  await scanAndWait(page, 'PLT000001', 'PL-0001');
  await page.getByText('Layouts (controls in one step)').click();
  await page.getByTestId('layout-name').fill('qPCR controls');
  await page.getByTestId('layout-save').click();
  await expect(page.getByTestId('last-scan')).toContainText('Layout "qPCR controls" saved: 2 wells');

  // Edited as text: a third control added, a bad line refused with its line number first.
  await page.getByTestId('layout-edit').click();
  const csv = page.getByTestId('layout-csv');
  await expect(csv).toHaveValue(/H11,POS_CONTROL,qc/);
  await csv.fill(`${await csv.inputValue()}Z1,BLANK,\n`);
  await page.getByTestId('layout-edit-save').click();
  await expect(page.getByTestId('last-scan')).toContainText('line 4: Z1 is not on a 96-well plate');
  await csv.fill('position,label,tags\nH11,POS_CONTROL,qc\nH12,NEG_CONTROL,qc\nH10,BLANK,\n');
  await page.getByTestId('layout-edit-save').click();
  await expect(page.getByTestId('last-scan')).toContainText('Layout "qPCR controls" saved');

  // An old export of it imported again is asked about first; kept, the saved layout stands.
  page.once('dialog', (d) => {
    expect(d.message()).toBe(
      'Replace the saved layout "qPCR controls" with the 96-well layout in layout-qPCR controls.csv?',
    );
    void d.dismiss();
  });
  await page.locator('input[type="file"][accept=".csv,text/csv"]').setInputFiles({
    name: 'layout-qPCR controls.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('position,label,tags\nA1,BLANK,\n'),
  });
  await expect(page.getByTestId('last-scan')).toContainText('Not imported: the saved layout "qPCR controls" was kept');

  // Its command barcode is on the sheet with the others.
  await openScreen(page, 'Labels');
  await page.getByTestId('labels-commands').getByTestId('command-sheet-show').click();
  await expect(page.getByTestId('labels-commands').getByText('#CMD:LAYOUT:qPCR controls')).toBeVisible();

  await openScreen(page, 'Well fill');
  await scanAndWait(page, '#CMD:NEXT-PLATE', 'closed');
  await scanAndWait(page, 'PLT000003', 'PL-0003');
  await expect(page.getByTestId('next-well')).toHaveText('A1');
  // As a wedge scanner with Caps Lock on types it.
  await scanAndWait(page, '#CMD:LAYOUT:QPCR CONTROLS', 'Layout "qPCR controls" on PL-0003: 3 wells');
  await expect(page.getByTestId('well-H10')).toHaveAttribute('data-label', 'BLANK');
  await expect(page.getByTestId('well-H11')).toHaveAttribute('data-label', 'POS_CONTROL');
  await expect(page.getByTestId('well-H12')).toHaveAttribute('data-label', 'NEG_CONTROL');
  await shot(page, 'layout-applied');

  // One undo takes the whole layout back.
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('last-scan')).toContainText('Undone: layout qPCR controls');
  for (const p of ['H10', 'H11', 'H12']) await expect(page.getByTestId(`well-${p}`)).toHaveAttribute('data-label', '');
  // And Alt+L puts it on again.
  await page.keyboard.press('Alt+l');
  await expect(page.getByTestId('well-H12')).toHaveAttribute('data-label', 'NEG_CONTROL');
});

test('filled with the service down and marked completed, the plate record is filed once the service is back', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000003', 'PL-0003');
  await expect(page.getByTestId('well-H11')).toHaveAttribute('data-label', 'POS_CONTROL');

  await stack.stopSandbox();
  // Ten tubes from A1, row by row; the layout's H10–H12 are passed over.
  for (let n = 21; n <= 30; n++) await scanAndWait(page, tube(n), `S-00${n} → `);
  await expect(page.getByTestId('sync-banner')).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });

  await page.getByText('Labflow link and "plate completed" (files the plate record)').click();
  await page.getByTestId('record-page').fill('EXP-0001');
  await page.getByTestId('plate-completed').click();
  await expect(page.getByTestId('last-scan')).toContainText('PL-0003 completed: its record is queued for EXP-0001');
  await expect(page.getByTestId('record-filed')).toContainText('PLATE_PL-0003_');
  // The record waits in the outbox beside the ten wells: the event, three uploads and the attach-image.
  await expect(page.getByTestId('count-pending')).toHaveText(String(10 + 1 + 4));
  await shot(page, 'record-filed');

  await stack.startSandbox();
  await openScreen(page, 'Outbox');
  await page.getByTestId('sync-now').click();
  await expect(page.getByTestId('count-pending')).toHaveText('0', { timeout: 45_000 });
  await noneStopped(page);

  // The service holds the three files, and the experiment page the picture, by the id it was given.
  const day = new Date().toISOString().slice(0, 10);
  const files = stack.serverFiles().filter((f) => f.fileName.startsWith(`PLATE_PL-0003_${day}_`));
  // Named to the second the record was made: the three files share it.
  const base = files.find((f) => f.fileName.endsWith('.png'))?.fileName.replace(/\.png$/, '') ?? '(no picture)';
  expect(files.map((f) => f.fileName).sort()).toEqual([`${base}.csv`, `${base}.png`, `${base}_grid.csv`]);
  const picture = files.find((f) => f.fileName === `${base}.png`)!;
  expect(stack.serverPageImages('EXP-0001')).toContainEqual({ imageUuid: picture.fileId, imageName: `${base}.png` });

  // The table as filed has one row per well, and its samples are the wells on the service.
  const table = files.find((f) => f.fileName === `${base}.csv`)!;
  const rows = parse(readFileSync(table.path!), { columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(96);
  const onService = new Map(stack.serverWells('PL-0003').map((w) => [w.position, w]));
  for (const r of rows) {
    expect(r['sample id'], r['position']).toBe(onService.get(r['position']!)?.sample ?? '');
    expect(r['label'], r['position']).toBe(onService.get(r['position']!)?.label ?? '');
  }
  expect(rows.filter((r) => r['sample id'] !== '')).toHaveLength(10);

  // The record is kept on this computer too: the Outbox links to it, and its copy is the one filed.
  await openScreen(page, 'Outbox');
  const kept = page.getByTestId('kept-records');
  await kept.locator('summary').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    kept.getByTestId('record-file-wells').first().click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${base}.csv`);
  expect(readFileSync(await download.path())).toEqual(readFileSync(table.path!));
  // Each of the record's upload entries links to its kept copy as well.
  await page.getByRole('tab', { name: 'Recently sent' }).click();
  const grid = `${base}_grid.csv`;
  const entry = page.locator('tr[data-testid^="entry-"]', { hasText: `Upload ${grid}` });
  const [fromEntry] = await Promise.all([
    page.waitForEvent('download'),
    entry.getByRole('button', { name: grid }).click(),
  ]);
  expect(fromEntry.suggestedFilename()).toBe(grid);
});
