import { expect, test } from '@playwright/test';
import { useStack } from './stack.js';
import { allSent, keepIdColumns, openScreen, scanAndWait, signIn } from './user.js';

const stack = useStack();

const PACK = 'https://id.gs1.org/01/09506000134352/10/ABC123?17=351130';
const EXPIRED_PACK = 'https://example.org/lab/01/09506000134352/10/XYZ9?17=260131';

test('a reagent QR (GS1 Digital Link) fills the mapped lot and expiry columns of a row, offline too', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, stack);
  // Settings is where the token was given: Row update now reads the Reagents labsheet.
  await page.getByTestId('labsheet-rowUpdate').fill('Reagents');
  await page.getByTestId('labsheet-rowUpdate').press('Enter');
  await expect(page.getByText('Row update now reads Reagents.')).toBeVisible();

  await openScreen(page, 'Row update');
  await page.getByTestId('scan-field').focus();
  await scanAndWait(page, 'R-001', 'R-001 opened');
  // A real service's columns are a guess until kept once; Reagents has no barcode column.
  await keepIdColumns(page, '');
  await page.getByTestId('scan-field').focus();
  // Before the columns are mapped, a pack says what is missing and fills nothing.
  await scanAndWait(page, PACK, 'no pack columns are set for Reagents');
  await expect(page.getByTestId('field-Lot')).toHaveValue('L2611A');

  // The mapping is guessed from the column names; the user checks it and saves it once.
  await expect(page.getByTestId('pack-lot')).toHaveValue('Lot');
  await expect(page.getByTestId('pack-expiry')).toHaveValue('Expires');
  await page.getByTestId('pack-save').click();
  await expect(page.getByTestId('pack-columns')).toContainText('Saved');

  await page.getByTestId('scan-field').focus();
  // A person's second scan of the same pack comes well after the first: within the double-read window
  // (300 ms from the end of the first read to the start of the next) it is a scanner's double read.
  await page.waitForTimeout(400);
  await scanAndWait(page, PACK, 'Lot = ABC123, Expires = 2035-11-30');
  await expect(page.getByTestId('field-Lot')).toHaveValue('ABC123');
  await expect(page.getByTestId('field-Expires')).toHaveValue('2035-11-30');
  await page.getByTestId('save-row').click();
  await expect(page.getByTestId('last-scan')).toContainText('2 changes saved for R-001');
  // Sent before the service goes away: otherwise it would still be waiting below, beside R-002's.
  await allSent(page, async () => (await reagent('R-001'))[0] === 'ABC123');

  // Offline: the row comes from the saved copy, an expired pack is filled with its own warning.
  await stack.stopSandbox();
  await page.getByTestId('scan-field').focus();
  await scanAndWait(page, 'R-002', 'R-002 opened');
  await scanAndWait(page, EXPIRED_PACK, 'EXPIRED pack (2026-01-31): Lot = XYZ9, Expires = 2026-01-31');
  await expect(page.getByTestId('last-scan')).toHaveClass(/expired/);
  await page.getByTestId('save-row').click();
  await expect(page.getByTestId('last-scan')).toContainText('2 changes saved for R-002');
  await expect(page.getByTestId('count-pending')).toHaveText('1');

  // Where a tube is expected, the same code is refused with what it is.
  await openScreen(page, 'Assign location');
  await page.getByTestId('scan-field').focus();
  await scanAndWait(page, PACK, 'product 09506000134352, lot ABC123, expires 2035-11-30 — not a location');

  await stack.startSandbox();
  await openScreen(page, 'Outbox');
  await page.getByTestId('sync-now').click();
  await allSent(page, async () => (await reagent('R-002'))[0] === 'XYZ9', 30_000);
  expect(await reagent('R-001')).toEqual(['ABC123', '2035-11-30']);
  expect(await reagent('R-002')).toEqual(['XYZ9', '2026-01-31']);
});

/** A reagent's [Lot, Expires] as the service has them. */
async function reagent(id: string): Promise<unknown[]> {
  const rows = (await stack.api('/labsheets/fetch-list-rows?labsheet=Reagents&pageSize=100')) as {
    headers: string[];
    rows: unknown[][];
  };
  const col = (n: string) => rows.headers.indexOf(n);
  const row = rows.rows.find((r) => r[col('Reagent ID')] === id);
  return row ? [row[col('Lot')], row[col('Expires')]] : [];
}
