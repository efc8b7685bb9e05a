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

/** Column numbers whose text runs into the next one's ("101112…" read as one number), by their drawn text. */
async function headsRunTogether(page: Page): Promise<string[]> {
  return page.getByTestId('plate-map').evaluate((map) => {
    const heads = [...map.querySelectorAll(':scope > .head')].filter((h) => /^\d+$/.test(h.textContent ?? ''));
    const rects = heads.map((h) => {
      const r = document.createRange();
      r.selectNodeContents(h);
      return r.getBoundingClientRect();
    });
    return rects.flatMap((r, i) => {
      const next = rects[i + 1];
      return next && r.right + 1 > next.left ? [`${heads[i]!.textContent}|${heads[i + 1]!.textContent}`] : [];
    });
  });
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
    // And the column numbers stay apart, down to the narrowest window the layout is made for.
    for (const size of [
      { width: 1366, height: 768 },
      { width: 1280, height: 720 },
      { width: 1024, height: 700 },
    ]) {
      await page.setViewportSize(size);
      expect(await headsRunTogether(page), `${hrid} at ${size.width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1366, height: 768 });
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

test('offline, a well waiting to be sent shows its sample id whole, with its mark in its corner, not over it', async ({
  page,
}) => {
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000003');
  if (await page.getByTestId('guard-proceed').isVisible()) await page.getByTestId('guard-proceed').click();
  await expect(page.getByTestId('plate-info')).toContainText('PL-0003');
  await stack.stopSandbox();
  try {
    await page.getByTestId('scan-field').focus();
    await scanAndWait(page, 'TB000021', 'S-0021');
    const well = page.locator('[data-sample="S-0021"]');
    await expect(well).toHaveAttribute('data-sync', 'pending');
    const box = async (l: ReturnType<Page['locator']>) => {
      const b = await l.boundingBox();
      if (!b) throw new Error('not on screen');
      return b;
    };
    const text = await box(well.locator('.sample'));
    const mark = await box(well.locator('.mark'));
    const circle = await box(well);
    // The mark covers no line of the id (well-marks.spec.ts checks it at every size), and the id is inside its well.
    const lines = await well.locator('.sample').evaluate((el) => {
      const r = document.createRange();
      r.selectNodeContents(el);
      return [...r.getClientRects()].map((c) => ({ x: c.x, y: c.y, width: c.width, height: c.height }));
    });
    for (const l of lines)
      expect(
        mark.x + mark.width <= l.x + 0.5 ||
          l.x + l.width <= mark.x + 0.5 ||
          mark.y + mark.height <= l.y + 0.5 ||
          l.y + l.height <= mark.y + 0.5,
      ).toBe(true);
    expect(text.x).toBeGreaterThanOrEqual(circle.x);
    expect(text.x + text.width).toBeLessThanOrEqual(circle.x + circle.width);
    expect(text.y).toBeGreaterThanOrEqual(circle.y);
    expect(text.y + text.height).toBeLessThanOrEqual(circle.y + circle.height);
    // The tooltip names it whole, and what its mark means.
    await expect(well).toHaveAttribute('title', /S-0021, .*waiting to be sent/);
    await shot(page, 'well-pending');
  } finally {
    await stack.startSandbox();
  }
});

test('at 1366×768 Row update keeps Save on screen while the ID columns are shown as a guess', async ({ page }) => {
  await signIn(page, stack);
  await openScreen(page, 'Row update');
  // This stack's service is not the embedded demo: the ID columns are a guess, shown open above the row.
  await expect(page.getByTestId('id-columns')).toHaveAttribute('data-from', 'guess');
  await page.getByTestId('scan-field').focus();
  await scanAndWait(page, 'TB000045', 'S-0045 opened');
  await page.getByTestId('field-Notes').fill('checked');
  // A string: this file is type-checked without the DOM library.
  expect(await page.evaluate<number>('window.scrollY')).toBe(0);
  await expect(page.getByTestId('save-row')).toBeInViewport({ ratio: 1 });
  expect(await bottomOf(page, 'save-row')).toBeLessThanOrEqual(768);
});

// The desktop app's narrowest window (main/electron/security-policy.ts: minWidth 900). On the old layout
// Well fill's plate picker and toolbar and Assign location's ID type ran past the window's edge there
// (the page scrolled 265 px sideways on Well fill), and Row update's mode was squeezed to a word a line.
test("at the desktop app's narrowest window, no bench screen scrolls sideways and every tool is in the window", async ({
  page,
}) => {
  const width = 900;
  await page.setViewportSize({ width, height: 700 });
  await signIn(page, stack);
  const sideways = () =>
    page.evaluate<number>('document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth');
  /** Every element named is drawn whole between the window's left and right edges. */
  async function inWindow(...testIds: string[]) {
    for (const id of testIds) {
      const box = await page.getByTestId(id).first().boundingBox();
      if (!box) throw new Error(`${id} is not drawn`);
      expect(box.x, id).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, id).toBeLessThanOrEqual(width);
    }
  }

  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000001', 'PL-0001');
  expect(await sideways()).toBe(0);
  await inWindow('scan-field', 'plate-picker', 'order-column', 'plate-map', 'well-toolbar', 'plate-legend');

  await openScreen(page, 'Assign location');
  await scanAndWait(page, 'BOX000001', 'BX-0001');
  expect(await sideways()).toBe(0);
  await inWindow('scan-field', 'id-type', 'location-info');

  await openScreen(page, 'Row update');
  expect(await sideways()).toBe(0);
  await inWindow('scan-field', 'mode-single', 'mode-batch');
  // The mode's choices are each one line, not a word a line.
  const single = await page.getByTestId('mode-single').locator('xpath=..').boundingBox();
  expect(single!.height).toBeLessThan(40);
});

// Labels lays its panels out in two columns, and the plate map's width is worked out from the window's
// height: on the old layout the map took its column's whole track, and at 1280×860 (and wider on taller
// windows) a 96-well map ran over the Print and Preview panels beside it.
test('Labels: the wells of a plate are chosen on a map inside its own panel, at any window size', async ({ page }) => {
  await signIn(page, stack);
  await page.setViewportSize({ width: 1280, height: 860 });
  await openScreen(page, 'Labels');
  await scanAndWait(page, 'PLT000001', 'PL-0001');
  await page.getByTestId('source-wells').check();
  await expect(page.getByTestId('plate-map')).toBeVisible();
  // The same map, as the window is made another size: its width follows the window's height.
  for (const size of [
    { width: 1280, height: 860 },
    { width: 1920, height: 1080 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(size);
    // Two frames: the new size laid out.
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    const map = (await page.getByTestId('plate-map').boundingBox())!;
    const panel = (await page.getByTestId('labels-source').locator('xpath=ancestor::section[1]').boundingBox())!;
    const preview = (await page.getByTestId('labels-preview').boundingBox())!;
    const at = `${size.width}×${size.height}`;
    expect(map.x + map.width, at).toBeLessThanOrEqual(panel.x + panel.width);
    expect(map.x + map.width, at).toBeLessThanOrEqual(preview.x);
  }
});

test('a question about a very long read wraps inside the window: the screen keeps its width', async ({ page }) => {
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000001');
  await scanAndWait(page, `TB${'0'.repeat(300)}21`);
  await expect(page.getByTestId('guard')).toBeVisible();
  // On the old code 4,157 px wide in a 1,366 px window: Fill order and the plate's panel off its edge.
  expect(await page.evaluate<number>('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(1366);
  await shot(page, 'long-read-question');
});
