import { expect, test, type Page } from '@playwright/test';
import { useStack } from './stack.js';
import { openScreen, scanAndWait, shot, signIn } from './user.js';

const stack = useStack();
test.use({ viewport: { width: 1366, height: 768 } });

async function bottomOf(page: Page, testId: string): Promise<number> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not on screen`);
  return box.y + box.height;
}

test('at 1366×768 a 96- and a 384-well plate fit with their toolbar, no scrolling', async ({ page }) => {
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  for (const [plate, hrid, last] of [
    ['PLT000001', 'PL-0001', 'well-H12'],
    ['PLT000002', 'PL-0002', 'well-P24'],
  ] as const) {
    await scanAndWait(page, plate);
    // The second plate: the bench asks before switching plates.
    if (await page.getByTestId('guard-proceed').isVisible()) await page.getByTestId('guard-proceed').click();
    await expect(page.getByTestId('plate-info')).toContainText(hrid);
    await expect(page.getByTestId(last)).toBeVisible();
    expect(await bottomOf(page, last)).toBeLessThanOrEqual(768);
    expect(await bottomOf(page, 'well-toolbar')).toBeLessThanOrEqual(768);
    // A string: this file is type-checked without the DOM library.
    expect(await page.evaluate<number>('document.scrollingElement.scrollHeight')).toBeLessThanOrEqual(768 + 1);
    await shot(page, `plate-fits-${hrid}`);
  }

  // The plate stays open across screens: Labels and back, and the picker names it.
  await openScreen(page, 'Labels');
  await openScreen(page, 'Well fill');
  await expect(page.getByTestId('plate-info')).toContainText('PL-0002');
  await expect(page.getByTestId('plate-picker').locator('option:checked')).toContainText('PL-0002');
  // And across a restart of the page: the plate is opened again by itself.
  await page.reload();
  await openScreen(page, 'Well fill');
  await expect(page.getByTestId('plate-info')).toContainText('PL-0002');
});
