import { expect, test } from '@playwright/test';
import { useStack } from './stack.js';
import { openScreen, scan, scanAndWait, signIn } from './user.js';

const stack = useStack();

/**
 * A lab whose plates carry codes of no built-in shape. The demo's plates are known by their hrids too
 * (PL-0001, PL-0003), which no built-in shape takes: before Settings → Barcode shapes, PL-0003 scanned
 * with PL-0001 open was looked up as a tube ("not in the labsheet, use anyway?").
 */
test('Settings: a plate shape from a scanned example, kept by the keyboard alone; Well fill then opens such a plate', async ({
  page,
}) => {
  await signIn(page, stack);
  const shapes = page.getByTestId('barcode-shapes');
  await expect(shapes.getByTestId('shapes-none')).toBeVisible();
  await shapes.getByTestId('shape-kind').selectOption('plate');
  await shapes.getByTestId('shape-example').focus();
  // The scanner types into the example field and ends with Enter: the shape is proposed in words.
  await scan(page, 'PL-0003');
  await expect(shapes.getByTestId('shape-words')).toContainText('PL- then 4 digits');
  await expect(shapes.getByTestId('shape-pattern')).toHaveValue('^PL-\\d{4}$');
  await expect(shapes.getByTestId('shape-add')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(shapes.getByTestId('shape-message')).toContainText('PL-0003 and codes like it now read as a plate');
  await expect(shapes.getByTestId('shape-0')).toContainText('PL- then 4 digits');
  await expect(shapes.getByTestId('shape-example')).toBeFocused();

  // Removed by mistake: Undo (focused at once) puts it back.
  await shapes.getByTestId('shape-remove-0').click();
  await expect(shapes.getByTestId('shape-undo')).toBeFocused();
  await expect(shapes.getByTestId('shape-0')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(shapes.getByTestId('shape-0')).toContainText('PL- then 4 digits');

  // A shape edited so wide it would take well positions is refused, with why, before anything is sent.
  await shapes.getByTestId('shape-kind').selectOption('tube');
  await shapes.getByTestId('shape-example').fill('X1234');
  await shapes.getByTestId('shape-example').press('Enter');
  await shapes.getByTestId('shape-pattern').fill('^[A-Z]\\d+$');
  await expect(shapes.getByTestId('shape-refusals')).toContainText('(a well position)');
  await expect(shapes.getByTestId('shape-add')).toBeDisabled();
  await shapes.getByTestId('shape-pattern').press('Escape');
  await expect(shapes.getByTestId('shape-proposal')).toHaveCount(0);
  await expect(shapes.getByTestId('shape-1')).toHaveCount(0);

  // Every screen reads the code as a plate: scanned mid-fill, it asks to switch plates, and a yes opens it.
  await openScreen(page, 'Well fill');
  await expect(page.getByTestId('scan-field')).toBeFocused();
  await scanAndWait(page, 'PLT000001', 'PL-0001');
  await scanAndWait(page, 'PL-0003', 'PL-0003 is not the plate you are filling (PL-0001). Switch plates?');
  await expect(page.getByTestId('guard')).toHaveAttribute('data-kind', 'wrong-plate');
  await page.getByTestId('guard-proceed').click();
  await expect(page.getByTestId('last-scan')).toContainText('PL-0003 · qPCR Plate 2');
  await expect(page.getByTestId('count-pending')).toHaveText('0');
});
