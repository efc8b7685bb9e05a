import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { findUuid } from '../../../shared/api/primitives.js';
import { useStack } from './stack.js';
import { openScreen, scanAndWait, signIn } from './user.js';

const stack = useStack();
test.use({ viewport: { width: 1366, height: 768 } });

test("a newcomer's first hour: nothing shouts before it should, keys land where the screen says", async ({ page }) => {
  // Before the token: the sync line does not say a bare "Online", and Settings points to the field
  // below instead of offering to open Settings.
  await page.goto(stack.hostUrl);
  // The header says which Benchlink this is, as its package.json has it (a host that could not find it said v0.0.0).
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  await expect(page.getByTestId('app-version')).toHaveText(`v${version} · browser`);
  await expect(page.getByTestId('sync-online')).toHaveText(
    'Online, but no token: nothing is sent until one is entered in Settings.',
  );
  await expect(page.getByTestId('banner-token')).toContainText('Open Settings');
  await page.keyboard.press('Alt+7');
  await expect(page.getByTestId('banner-token')).toHaveText('No token yet: enter one below, under Token.');
  await expect(page.getByTestId('banner-token').getByRole('button')).toHaveCount(0);
  await signIn(page, stack);
  await expect(page.getByTestId('sync-online')).toHaveText('Online');
  // Settings takes no scans, so the headline does not say "Ready for the first scan": it says, quietly,
  // where a scan goes, before one made here is lost (NOT RECORDED, below on the Outbox).
  await expect(page.getByTestId('last-scan')).toHaveText(
    'Nothing scanned on this screen is recorded: scan on Well fill (Alt+1), Assign location (Alt+2) or Row update (Alt+3)',
  );
  await expect(page.getByTestId('last-scan')).toHaveClass(/quiet/);
  // Online is said once, in the sync line; the header names the service only.
  await expect(page.getByTestId('sync-banner')).toContainText('Online');
  await expect(page.getByTestId('connection-status')).not.toContainText('Online');
  // A real service (this stack's): no word of a practice lab or its demo codes.
  await openScreen(page, 'Well fill');
  await expect(page.getByTestId('scan-field')).toBeFocused();
  await expect(page.getByTestId('last-scan')).toHaveText('Ready for the first scan');
  await expect(page.getByTestId('last-scan')).not.toHaveClass(/quiet/);
  await expect(page.getByTestId('demo-hint')).toHaveCount(0);
  // Undo and redo name their keys on the buttons, as the question's buttons do (Alt+Y, Esc).
  await scanAndWait(page, 'PLT000003', 'PL-0003');
  await expect(page.getByTestId('undo')).toHaveText('Undo Ctrl+Z');
  await expect(page.getByTestId('redo')).toHaveText('Redo Ctrl+Y');
  // Keyboard only: the plate map is one Tab stop (the next well to fill), its wells reached with the
  // arrow keys; the next Tab goes on to the tools beside it, not through 95 more wells.
  const focusedId = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
  let tabs = 0;
  while (!(await focusedId()).startsWith('well-') && tabs < 10) {
    await page.keyboard.press('Tab');
    tabs++;
  }
  expect(await focusedId()).toBe('well-A1');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('well-B2')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('well-B2')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Tab');
  expect(await focusedId()).not.toMatch(/^well-/);
  await page.getByTestId('scan-field').focus();
  // A screen without a scan field, reached by its key from one: its first control has the focus, not
  // the page itself (where Tab starts over from the top and Enter does nothing).
  await page.keyboard.press('Alt+5');
  await expect(page.getByTestId('sync-now')).toBeFocused();
  await page.keyboard.press('Alt+7');
  await expect(page.locator('main.screen :focus')).toHaveCount(1);
  // On an AZERTY keyboard the 5 key types "(" without Shift: the screen is found by the key's place.
  await page.evaluate(() =>
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '(', code: 'Digit5', altKey: true, bubbles: true })),
  );
  await expect(page.getByTestId('sync-now')).toBeFocused();

  // A tube the service does not know, used anyway when asked and refused at its first try: the Outbox
  // counts that try in words.
  await openScreen(page, 'Assign location');
  await scanAndWait(page, 'BOX000001', 'Freezer Box 1');
  await scanAndWait(page, 'TB999999', 'TB999999 is not in the labsheet');
  await page.keyboard.press('Alt+y');
  await expect(page.getByTestId('last-scan')).toContainText('TB999999 → ');
  // How tubes are named to the service is said in words, not in the API's names.
  await expect(page.getByTestId('sent-as-TB999999')).toHaveText('by tube barcode');
  await expect(page.getByTestId('id-type').locator('option')).toHaveText([
    'Detect from the barcode',
    "Sample ID (the labsheet's ID column)",
    "Tube barcode (the labsheet's barcode column)",
    "Row uuid (the service's row identifier)",
    "The service's own barcode",
  ]);
  await openScreen(page, 'Outbox');
  const failed = page.locator('[data-testid^="entry-"][data-state="failed"]');
  await expect(failed).toHaveCount(1, { timeout: 20_000 });
  await expect(failed.locator('[data-testid^="entry-when-"]')).toContainText(/ · tried 1 time$/);

  // A scan here is not recorded, and the line says where to scan instead: all of it on screen, to its
  // last words, not cut at the window's edge.
  await page.keyboard.press('Alt+5');
  await scanAndWait(page, 'TB000001', 'NOT RECORDED: this screen takes no scans');
  const line = page.getByTestId('last-scan');
  await expect(line).toContainText('and scan it again');
  const fits = () =>
    line.evaluate((el: unknown) => {
      const e = el as { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number };
      return e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight;
    });
  await expect.poll(fits).toBe(true);

  // Alt+4: the drop zone has the focus, so "press Enter to choose" works at once.
  await page.keyboard.press('Alt+4');
  await expect(page.getByTestId('drop-zone')).toBeFocused();

  // Locations: an empty form is not an error before anything is typed.
  await openScreen(page, 'Data');
  await page.getByRole('tab', { name: 'Locations', exact: true }).click();
  await expect(page.getByText('Name at least one location.')).toHaveCount(0);

  // Labels: with nothing chosen, Export PDF is disabled and looks it.
  await openScreen(page, 'Labels');
  const pdf = page.getByTestId('labels-export-pdf');
  await expect(pdf).toBeDisabled();
  // Runs in the page; this file is type-checked without the DOM library, so the one global is typed here.
  const opacity = await pdf.evaluate(
    (el) =>
      (globalThis as unknown as { getComputedStyle(e: unknown): { opacity: string } }).getComputedStyle(el).opacity,
  );
  expect(Number(opacity)).toBeLessThan(0.6);

  // Row update at 1024 px: no sideways scroll, no raw uuid or ISO timestamp among the fields.
  await page.setViewportSize({ width: 1024, height: 768 });
  await openScreen(page, 'Row update');
  await page.getByTestId('scan-field').focus();
  await scanAndWait(page, 'TB000045', 'S-0045 opened');
  const form = page.getByTestId('row-form');
  await expect(form).toBeVisible();
  const fieldsText = (await form.locator('label.field').allInnerTexts()).join(' ');
  expect(findUuid(fieldsText)).toBeUndefined();
  expect(fieldsText).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  const [scrollWidth, clientWidth] = await page.evaluate<[number, number]>(
    '[document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]',
  );
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
});

test('Settings says beside each workflow when the service has no labsheet of the name it reads', async ({ page }) => {
  await signIn(page, stack);
  await page.keyboard.press('Alt+7');
  await expect(page.getByTestId('labsheet-wellFill')).toHaveValue('Samples');
  await expect(page.getByTestId('labsheet-missing-wellFill')).toHaveCount(0);
  // A name this service does not have (as after a switch from the demo): said, with what to do.
  await page.getByTestId('labsheet-wellFill').fill('Biobank');
  await page.getByTestId('labsheet-wellFill').press('Enter');
  await expect(page.getByText('Well fill now reads Biobank.')).toBeVisible();
  await expect(page.getByTestId('labsheet-missing-wellFill')).toHaveText(
    /^This service has no labsheet “Biobank”: choose one of its \d+ labsheets \(the field lists them\)\.$/,
  );
  await expect(page.getByTestId('labsheet-missing-rowUpdate')).toHaveCount(0);
  // Its own name in another letter case is named.
  await page.getByTestId('labsheet-wellFill').fill('samples');
  await page.getByTestId('labsheet-wellFill').press('Enter');
  await expect(page.getByTestId('labsheet-missing-wellFill')).toHaveText(
    'This service names it “Samples”, not “samples”: choose “Samples”.',
  );
  await page.getByTestId('labsheet-wellFill').fill('Samples');
  await page.getByTestId('labsheet-wellFill').press('Enter');
  await expect(page.getByTestId('labsheet-missing-wellFill')).toHaveCount(0);
});
