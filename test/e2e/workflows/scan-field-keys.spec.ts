import { expect, test, type Page } from '@playwright/test';
import { useStack } from './stack.js';
import { keepIdColumns, openScreen, scan, scanAndWait, signIn } from './user.js';

const stack = useStack();

/** The last-scan line's count of answers: each new answer raises it. */
const seqOf = async (page: Page): Promise<number> =>
  Number(await page.getByTestId('last-scan').getAttribute('data-seq'));

test('a GS1 read typed into the scan field keeps its Ctrl+] separator: the lot ends where the serial starts', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Assign location');
  const field = page.getByTestId('scan-field');
  await field.focus();
  await page.keyboard.type('01095011015300031726113010123456', { delay: 5 });
  // The scanner sends GS (FNC1) as Ctrl+], then the serial; the field is the wedge's no-go area.
  await page.keyboard.press('Control+]');
  await page.keyboard.type('21ABC', { delay: 5 });
  await expect(field).toHaveValue('01095011015300031726113010123456\x1d21ABC');
  const before = await seqOf(page);
  await page.keyboard.press('Enter');
  await expect.poll(() => seqOf(page)).toBeGreaterThan(before);
  await expect(page.getByTestId('last-scan')).toContainText('lot 123456, serial ABC');
});

test("a scanner's Tab suffix submits the read in the scan field; an empty field's Tab still moves on", async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  const field = page.getByTestId('scan-field');
  await field.focus();
  const before = await seqOf(page);
  await page.keyboard.type('PLT000002', { delay: 5 });
  await page.keyboard.press('Tab');
  await expect.poll(() => seqOf(page)).toBeGreaterThan(before);
  await expect(page.getByTestId('last-scan')).toContainText('PL-0002');
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  // The next read, with its Tab, is not lost either.
  await page.keyboard.type('TB000071', { delay: 5 });
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-sample="S-0071"]')).toHaveCount(1);
  await expect(field).toHaveValue('');
  // A person's Tab from the empty field goes to the next control.
  await page.keyboard.press('Tab');
  await expect(field).not.toBeFocused();
});

test('a slow read twice in the scan field is one read, and the answer to the first stays on the line', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await page.getByTestId('scan-field').focus();
  await scanAndWait(page, 'PLT000002', 'PL-0002');
  const line = page.getByTestId('last-scan');
  // 80 ms a key: the read takes far longer than the 300 ms window, measured from its first key.
  const before = await seqOf(page);
  await page.keyboard.type('TB000063', { delay: 80 });
  await page.keyboard.press('Enter');
  await expect.poll(() => seqOf(page)).toBeGreaterThan(before);
  const answer = await line.locator('.outcome').innerText();
  const kindOf = async () => /\b(good|bad|warn|info|expired)\b/.exec((await line.getAttribute('class')) ?? '')?.[1];
  const kind = await kindOf();
  await page.keyboard.type('TB000063', { delay: 80 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('last-scan-note')).toContainText('Double read ignored');
  await expect(line.locator('.outcome')).toHaveText(answer);
  expect(await kindOf()).toBe(kind);
  await expect(page.locator('[data-sample="S-0063"]')).toHaveCount(1);
});

test('a read refused for its length shows only its start, so the reason is seen', async ({ page }) => {
  await signIn(page, stack);
  await openScreen(page, 'Assign location');
  const field = page.getByTestId('scan-field');
  await field.fill('A'.repeat(600));
  const before = await seqOf(page);
  await field.press('Enter');
  await expect.poll(() => seqOf(page)).toBeGreaterThan(before);
  const line = page.getByTestId('last-scan');
  await expect(line).toContainText('Nothing recorded: not a barcode we know (scan is 600 characters');
  expect((await line.locator('.text').innerText()).length).toBeLessThanOrEqual(60);
});

test('a scan on a Data tab that takes none is said as nothing recorded, in red', async ({ page }) => {
  await signIn(page, stack);
  await openScreen(page, 'Data');
  await page.getByRole('tab', { name: 'Sequences', exact: true }).click();
  const before = await seqOf(page);
  await scan(page, 'TB000064');
  await expect.poll(() => seqOf(page)).toBeGreaterThan(before);
  const line = page.getByTestId('last-scan');
  await expect(line).toContainText('does not take scans: nothing recorded');
  await expect(line).toHaveClass(/bad/);
});

test('a keyboard scanner that sends AIM ids: Data searches the tube, and Labels adds it to the batch; Ctrl+Z puts a cleared batch back', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Data');
  await page.getByTestId('labsheet-list').getByRole('button', { name: 'Samples' }).click();
  await expect(page.getByTestId('open-labsheet')).toHaveText('Samples');
  const line = page.getByTestId('last-scan');
  // Searched as read, "]C0TB000011" was in no row.
  await scan(page, ']C0TB000011');
  await expect(line).toContainText('1 row in Samples whose Tube Barcode contains TB000011');

  await openScreen(page, 'Labels');
  await page.getByTestId('source-rows').check();
  await keepIdColumns(page);
  await scan(page, ']C0TB000012');
  await expect(line).toContainText('S-0012 added (1 in the batch)');
  await expect(page.getByTestId('labels-rows')).toContainText('S-0012');

  // Clear the batch is one click from the rows: Ctrl+Z puts them back.
  await page.getByTestId('labels-clear-batch').click();
  await expect(line).toContainText('S-0012 taken out of the batch: Ctrl+Z puts it back');
  await expect(page.getByTestId('labels-rows')).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(line).toContainText('S-0012 put back (1 in the batch)');
  await expect(page.getByTestId('labels-rows')).toContainText('S-0012');
});
