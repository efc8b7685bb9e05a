import { readFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { useStack } from '../workflows/stack.js';
import { openScreen, scanAndWait, shot, signIn } from '../workflows/user.js';

const stack = useStack();
test.beforeAll(async () => {
  // The demo plate PL-0001 holds S-0001…S-0010 in A1–A10; four more tubes go in B1–B4 through the API.
  const wells = [1, 2, 3, 4].map((n) => ({ position: `B${n}`, sample: { id: `S-00${10 + n}`, labsheet: 'Samples' } }));
  expect(await stack.api('/manifest/update', { hrid: 'PL-0001', plate: { wells } })).toMatchObject({ success: true });
});

async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = (await Promise.all([page.waitForEvent('download'), button.click()])) as [Download, void];
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

const preview = (page: Page) => page.getByTestId('labels-preview').locator('figure.label');

test('from a filled plate: "Label this plate", preview the wells, export PDF and ZPL, send to a printer', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A "printer" on loopback that gets the whole job; it is set up in Settings, the only place
  // printer addresses come from.
  const received: Buffer[] = [];
  const printer: Server = createServer((socket) =>
    socket.on('data', (d: Buffer) => received.push(d)).on('end', () => socket.end()),
  );
  await new Promise<void>((r) => printer.listen(0, '127.0.0.1', () => r()));
  const port = (printer.address() as AddressInfo).port;
  await signIn(page, stack);
  await openScreen(page, 'Settings');
  await page.getByTestId('printer-name').fill('Bench 3 Zebra');
  await page.getByTestId('printer-host').fill('127.0.0.1');
  await page.getByTestId('printer-port').fill(String(port));
  await page.getByTestId('printer-add').click();
  await expect(page.getByTestId('printer-bench-3-zebra')).toContainText(`Bench 3 Zebra — 127.0.0.1:${port}`);
  // Removed by a slip: Undo (focused, so Enter) puts it back, address and all.
  await page.getByTestId('printer-remove-bench-3-zebra').click();
  await expect(page.getByTestId('printer-bench-3-zebra')).toHaveCount(0);
  await expect(page.getByTestId('printer-undo')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('printer-message')).toHaveText('Bench 3 Zebra put back.');
  await expect(page.getByTestId('printer-bench-3-zebra')).toContainText(`Bench 3 Zebra — 127.0.0.1:${port}`);
  await openScreen(page, 'Well fill');
  await expect(page.getByTestId('scan-field')).toBeFocused();
  await scanAndWait(page, 'PLT000001', 'PL-0001');
  await page.getByTestId('label-this-plate').click();

  // Labels opens on that plate, with the plate's own label first.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Labels');
  await expect(page.getByTestId('labels-plate-info')).toContainText('PL-0001');
  await expect(page.getByTestId('labels-plate-info')).toContainText('14 filled');
  await expect(page.getByTestId('labels-count')).toHaveText('1 label');
  await expect(preview(page)).toHaveCount(1);
  await expect(preview(page).first()).toHaveAttribute('aria-label', 'Label 1: PLT000001');
  await expect(preview(page).first()).toContainText('PLT000001 QC Plate 1');
  // Its symbol drawn by main (main/labels/preview.ts): the page holds no barcode encoder.
  await expect(preview(page).first().locator('svg path').first()).toBeVisible();

  // Its wells: every filled one until some are chosen; click and shift-click choose a range.
  await page.getByTestId('source-wells').check();
  await expect(page.getByTestId('labels-template')).toHaveValue('cryotube-code128');
  await expect(page.getByTestId('labels-count')).toHaveText('14 labels');
  await expect(preview(page)).toHaveCount(14);
  await expect(preview(page).nth(10)).toHaveAttribute('aria-label', 'Label 11: S-0011');
  await page.getByTestId('well-A2').click();
  await page.getByTestId('well-A5').click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('labels-selection')).toHaveText('4 chosen.');
  await expect(preview(page)).toHaveCount(4);
  await expect(preview(page).first()).toContainText('S-0002');
  await expect(preview(page).last()).toContainText('S-0005');
  // Choose all filled wells over the four chosen: Ctrl+Z chooses the four again.
  await page.getByTestId('labels-select-filled').click();
  await expect(preview(page)).toHaveCount(14);
  await expect(page.getByTestId('labels-choice-before')).toContainText(
    '4 wells chosen before, replaced by every filled well',
  );
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('labels-selection')).toHaveText('4 chosen.');
  await expect(page.getByTestId('labels-choice-before')).toHaveCount(0);
  await page.getByTestId('labels-select-filled').click();
  await expect(preview(page)).toHaveCount(14);
  await shot(page, 'labels-preview');

  // PDF, one label per page: a real PDF with 14 pages.
  const pdf = await download(page, page.getByTestId('labels-export-pdf'));
  expect(pdf.name).toBe('PL-0001-wells.pdf');
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBe(14);
  await expect(page.getByTestId('labels-done')).toContainText('14 labels on 14 pages');

  // The same labels on one A4 sheet.
  await page.getByTestId('labels-pdf-layout').selectOption('A4');
  const sheet = await download(page, page.getByTestId('labels-export-pdf'));
  expect((await PDFDocument.load(sheet.bytes)).getPageCount()).toBe(1);

  // ZPL: one ^XA…^XZ per label, each with its sample ID.
  // At 203 dpi a 1-inch Code 128 tube label cannot keep its bars wide enough: refused, with why.
  await page.getByTestId('labels-dpi').selectOption('203');
  await page.getByTestId('labels-export-zpl').click();
  await expect(page.getByTestId('labels-problem')).toContainText('Export ZPL failed');
  await expect(page.getByTestId('labels-problem')).toContainText(
    '"S-0001" is too long for Code 128 on the 25.4 × 12.7 mm label at 203 dpi',
  );
  await expect(page.getByTestId('labels-problem').locator('li')).toHaveCount(14);
  await page.getByTestId('labels-dpi').selectOption('300');
  const zpl = (await download(page, page.getByTestId('labels-export-zpl'))).bytes.toString('utf8');
  expect(zpl.match(/\^XA/g)).toHaveLength(14);
  expect(zpl.match(/\^XZ/g)).toHaveLength(14);
  for (let n = 1; n <= 14; n++) expect(zpl).toContain(`S-${String(n).padStart(4, '0')}`);

  // Straight to the printer chosen from those in Settings: it gets the whole job.
  try {
    await expect(page.getByTestId('labels-printer')).toHaveValue('bench-3-zebra');
    await page.getByTestId('labels-send').click();
    await expect(page.getByTestId('labels-done')).toContainText('14 labels sent to Bench 3 Zebra');
    expect(Buffer.concat(received).toString('utf8').match(/\^XA/g)).toHaveLength(14);
  } finally {
    await new Promise<void>((r) => printer.close(() => r()));
  }

  // The same printer once it is gone: the reason, not a spinner.
  await page.getByTestId('labels-send').click();
  await expect(page.getByTestId('labels-problem')).toContainText('Printing did not finish');
  await expect(page.getByTestId('labels-problem')).toContainText('refused the connection');
});

test('a template edited to size, saved, and still there after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, stack); // each test stands alone: the token is kept in memory only here
  await openScreen(page, 'Labels');
  await expect(page.getByTestId('labels-scan')).toBeFocused();
  await scanAndWait(page, 'PLT000001', 'PL-0001');
  await page.getByTestId('source-wells').check();
  await page.getByTestId('labels-template-edit').click();
  await page.getByTestId('tpl-name').fill('Tube 1.5 × 0.5 in with position');
  await page.getByTestId('tpl-width').fill('1.5');
  await page.getByTestId('tpl-lines').fill('{id}\n{hrid} {position}');
  // The preview follows the draft at once; the new line shows the well.
  await expect(preview(page).first()).toContainText('PL-0001 A1');
  // A misspelt field is named before anything is saved.
  await page.getByTestId('tpl-lines').fill('{id}\n{postion}');
  await expect(page.getByTestId('tpl-invalid')).toContainText('Unknown field {postion}');
  await page.getByTestId('tpl-lines').fill('{id}\n{hrid} {position}');
  await page.getByTestId('labels-zoom').selectOption('2');
  await shot(page, 'labels-template');
  await page.getByTestId('labels-zoom').selectOption('1');
  await page.getByTestId('tpl-save-new').click();
  await expect(page.getByTestId('template-message')).toHaveText('Saved "Tube 1.5 × 0.5 in with position".');
  await expect(page.getByTestId('labels-template-size')).toHaveText('1.5 × 0.5 in');

  await page.reload();
  await openScreen(page, 'Labels');
  const options = page.getByTestId('labels-template').locator('optgroup[label="Saved"] option');
  await expect(options).toHaveText(['Tube 1.5 × 0.5 in with position']);

  // A built-in template edited in place can be reset; an untouched one offers nothing to reset.
  await page.getByTestId('labels-template').selectOption('plate-side-code128');
  await expect(page.getByTestId('labels-template-remove')).toHaveCount(0);
  await page.getByTestId('labels-template-edit').click();
  await page.getByTestId('tpl-font').fill('8');
  await page.getByTestId('tpl-save').click();
  await page.getByTestId('labels-template-remove').click();
  await expect(page.getByTestId('template-message')).toHaveText(
    '"Plate side 2" × 1" — Code 128" is back to its default settings.',
  );
  await expect(page.getByTestId('labels-template-remove')).toHaveCount(0);
  // One click took the changes: Undo saves them again.
  await page.getByTestId('labels-template-undo').click();
  await expect(page.getByTestId('template-message')).toHaveText(
    'Your changes to "Plate side 2" × 1" — Code 128" are back.',
  );
  await expect(page.getByTestId('labels-template-remove')).toHaveText('Reset to default');
  await expect(page.getByTestId('labels-template-undo')).toHaveCount(0);
});

test('bad cases: a name Code 128 cannot hold is refused with its reason; new locations and scanned rows', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Two new locations, one with a German name, created on the service.
  const created = (await stack.api('/location/create', {
    locations: [{ name: 'Kühlschrank 4' }, { name: 'Box 77' }],
  })) as { requestId: string };
  await expect
    .poll(
      async () =>
        ((await stack.api(`/location/create/status?requestId=${created.requestId}`)) as { status: string }).status,
    )
    .toBe('COMPLETED');

  await signIn(page, stack); // each test stands alone: the token is kept in memory only here
  await openScreen(page, 'Labels');
  await page.getByTestId('source-locations').check();
  await page.getByTestId('labels-request-id').fill(created.requestId);
  await page.getByRole('button', { name: 'Load created' }).click();
  await expect(page.getByTestId('labels-locations')).toContainText('Kühlschrank 4');
  await expect(page.getByTestId('labels-template')).toHaveValue('box-lid-qr');
  await expect(preview(page)).toHaveCount(2);

  // A lid label whose Code 128 barcode holds the name: "ü" is refused, with the way out.
  await page.getByTestId('labels-template-edit').click();
  await page.getByTestId('tpl-name').fill('Location name Code 128');
  await page.getByTestId('tpl-symbology').selectOption('code128');
  await page.getByTestId('tpl-barcode-field').fill('{name}');
  await page.getByTestId('tpl-save-new').click();
  const refusal = '"ü" (U+00FC) in "Kühlschrank 4" cannot be encoded';
  await expect(page.getByTestId('labels-preview').getByRole('alert')).toContainText(refusal);
  await page.getByTestId('labels-export-pdf').click();
  await expect(page.getByTestId('labels-problem')).toContainText('Export PDF failed');
  await expect(page.getByTestId('labels-problem')).toContainText(refusal);
  await expect(page.getByTestId('labels-problem')).toContainText('Allow transliteration (ü → ue)');

  // Allowed to transliterate, it goes through and says what it changed.
  await page.getByTestId('labels-template-edit').click();
  await page.getByTestId('tpl-non-encodable').selectOption('transliterate');
  await page.getByTestId('tpl-save').click();
  const pdf = await download(page, page.getByTestId('labels-export-pdf'));
  expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBe(2);
  await expect(page.getByTestId('labels-preview')).toContainText('the barcode reads "Kuehlschrank 4"');

  // A batch of scanned tubes: found by tube barcode or ID, an unknown one refused by name.
  await page.getByTestId('source-rows').check();
  await page.getByTestId('labels-scan').focus();
  // This labsheet's ID column is only guessed from its names here: no tube is labelled by a guess. The
  // chooser is open with the guess in it; kept, it is the user's choice, and the tube goes in.
  await scanAndWait(page, 'TB000007', 'is only a guess at the ID column of Samples');
  await expect(page.getByTestId('labels-rows').locator('li')).toHaveCount(0);
  await expect(page.getByTestId('choose-id-column')).toHaveValue('Sample ID');
  await page.getByTestId('id-columns-save').click();
  await expect(page.getByTestId('labels-id-said')).toContainText(
    'Label IDs come from the column Sample ID (you chose it)',
  );
  await page.getByTestId('labels-scan').focus();
  // Another tube: TB000007 again this soon after its first read is a double read, ignored by design.
  await scanAndWait(page, 'TB000009', 'S-0009 added');
  await scanAndWait(page, 'S-0008', 'S-0008 added');
  await scanAndWait(page, 'S-9999', 'not in the labsheet Samples');
  await expect(page.getByTestId('labels-rows').locator('li')).toHaveCount(2);
  // The row's volume is named: a bare "S-0009 · 19" said nothing of what 19 was.
  await expect(page.getByTestId('labels-rows').locator('li').first()).toContainText(/^S-0009 · volume \d+/);
  await expect(preview(page)).toHaveCount(2);
});
