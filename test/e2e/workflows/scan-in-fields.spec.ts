import { expect, test, type Page } from '@playwright/test';
import { useStack } from './stack.js';
import { keepIdColumns, openScreen, scan, scanAndWait, signIn } from './user.js';

const stack = useStack();

/** A person typing: far slower between keys than any scanner profile allows. */
async function typeByHand(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 150 });
}

/** A scanner read (scanner-speed burst + Enter) and the acknowledgement it gets. */
async function scanInto(page: Page, text: string, outcome: string | RegExp): Promise<void> {
  const line = page.getByTestId('last-scan');
  const before = Number(await line.getAttribute('data-seq'));
  await scan(page, text);
  await expect.poll(async () => Number(await line.getAttribute('data-seq'))).toBeGreaterThan(before);
  await expect(line).toContainText(outcome);
}

test('a tube scanned while a row field has focus goes to the scan hub: nothing typed, nothing saved', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Row update');
  await scanAndWait(page, 'TB000051', 'S-0051 opened');
  // This service's ID columns are a guess until kept once (nothing is written by a guess).
  await keepIdColumns(page);
  const notes = page.getByTestId('field-Notes');
  await notes.click();
  await typeByHand(page, 'thawed');
  await expect(notes).toHaveValue('thawed');
  // The scanner in the other hand fires while the caret is still in Notes.
  await scanInto(page, 'TB000052', 'S-0051 has unsaved changes (Notes)');
  await expect(notes).toHaveValue('thawed');
  await expect(page.getByTestId('save-row')).toHaveText('Save 1 change');
  // A person's Enter still saves the form.
  await notes.click();
  await page.keyboard.press('End');
  await typeByHand(page, ' once');
  await expect(notes).toHaveValue('thawed once');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('last-scan')).toContainText('1 change saved for S-0051');
  // Focus on the ID-column picker: type-ahead must not pick a column, nor the Enter save it.
  const idColumns = page.getByTestId('id-columns');
  await idColumns.locator('summary').evaluate((el) => ((el.parentElement as unknown as { open: boolean }).open = true));
  const pick = page.getByTestId('choose-id-column');
  const before = await pick.inputValue();
  const from = await idColumns.getAttribute('data-from');
  await pick.focus();
  await scanInto(page, 'TB000055', 'S-0055 opened');
  await expect(pick).toHaveValue(before);
  await expect(idColumns).toHaveAttribute('data-from', from!);
});

test('batch mode: a tube scanned into the Value box is a tube of the batch, not the value', async ({ page }) => {
  await signIn(page, stack);
  await openScreen(page, 'Row update');
  await page.getByTestId('mode-batch').check();
  // The screen keeps the last batch's field and value: start from empty boxes.
  await page.getByTestId('batch-field').fill('');
  await page.getByTestId('batch-value').fill('');
  await page.getByTestId('batch-field').click();
  await typeByHand(page, 'Status');
  await page.getByTestId('batch-value').click();
  await typeByHand(page, 'thawed');
  await scanInto(page, 'TB000053', 'Status = thawed');
  await expect(page.getByTestId('batch-value')).toHaveValue('thawed');
  await expect(page.getByTestId('batch-field')).toHaveValue('Status');
  await expect(page.getByTestId('batch-S-0053')).toContainText('Status = thawed');
});

test('well fill: a tube scanned while the tags box has focus is placed, not typed as a tag', async ({ page }) => {
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000003', 'PL-0003');
  const tags = page.getByTestId('tags-input');
  await tags.fill('');
  await tags.click();
  await typeByHand(page, 'rerun');
  await scanInto(page, 'TB000054', 'S-0054');
  await expect(tags).toHaveValue('rerun');
});

test("the notebook page's field takes a scanned page code, as the Labflow and Test fields do", async ({ page }) => {
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000003', 'PL-0003');
  await page.getByText('Labflow link and "plate completed" (files the plate record)').click();
  const field = page.getByTestId('record-page');
  await field.click();
  // Before, the read went to Well fill as a tube: "EXP-0001 is not in the labsheet … Use it anyway?".
  await scan(page, 'EXP-0001');
  await expect(field).toHaveValue('EXP-0001');
  await expect(page.getByTestId('guard')).toHaveCount(0);
  await expect(page.locator('[data-sample="EXP-0001"]')).toHaveCount(0);
});
