import { expect, test, type Locator, type Page } from '@playwright/test';
import { useStack } from './stack.js';
import { openScreen, scanAndWait, shot, signIn } from './user.js';
import { pageIpc } from '../data/page-ipc.js';

/**
 * A well's sync mark ("…" waiting, "!" refused, "?" needs a look, "~" unsure whether it arrived) is read at a glance, without hovering:
 * on a filled well too, on 96 and 384 wells, at the laptop sizes a bench has, never under 11px and each
 * with its own shape, not told by colour alone. Offline, a scanned tube waits to be sent, so its well
 * carries the "…" mark; a sample the labsheet does not have, placed anyway, is refused by the service,
 * so its well is drawn as it was (the change never happened) and carries the "!" mark, naming the tube. A change held for a look (another bench changed the plate since it
 * was read) carries the "?" mark. One that failed after repeated service errors, or whose answer was
 * lost, carries "~" (unsure whether it arrived): it may be on the service, so it never says "refused".
 */
const stack = useStack({ timeout: 120_000 });

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/** The least size of a mark's badge, in CSS pixels, at which its shape and glyph still read. */
const MIN_MARK = 11;
/** Each mark's shape: hollow or filled, and its top corners' rounding (a leaf has one round, one sharp). */
const SHAPES: Record<string, { ring: boolean; radius: [string, string] }> = {
  '…': { ring: true, radius: ['50%', '50%'] },
  '?': { ring: false, radius: ['50%', '50%'] },
  '!': { ring: false, radius: ['2px', '2px'] },
  '~': { ring: false, radius: ['50%', '0px'] },
};

type Box = { x: number; y: number; width: number; height: number };
async function boxOf(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}
const inside = (a: Box, b: Box) =>
  a.x >= b.x - 0.5 &&
  a.y >= b.y - 0.5 &&
  a.x + a.width <= b.x + b.width + 0.5 &&
  a.y + a.height <= b.y + b.height + 0.5;
const apart = (a: Box, b: Box) =>
  a.x + a.width <= b.x + 0.5 ||
  b.x + b.width <= a.x + 0.5 ||
  a.y + a.height <= b.y + 0.5 ||
  b.y + b.height <= a.y + 0.5;

/** What `expectMarkShown` checks, read from one layout of the page (a scroll between two reads moves every box). */
interface MarkGeometry {
  mark: Box;
  well: Box;
  /** Whether what is drawn at the mark's middle is the mark. */
  atMiddle: boolean;
  /** The id's or position's lines of text, as drawn. */
  text: Box[];
  shape: { ring: boolean; radius: [string, string] };
}

/** The mark is in its well's box, not clipped or covered (what is drawn at its middle is the mark), and clear of the id or position. */
async function expectMarkShown(page: Page, position: string, glyph: string): Promise<void> {
  const well = page.getByTestId(`well-${position}`);
  await expect(well.locator('.mark')).toHaveText(glyph);
  const g = await well.evaluate((el): MarkGeometry => {
    const box = (r: DOMRect) => ({ x: r.x, y: r.y, width: r.width, height: r.height });
    const mark = el.querySelector('.mark')!;
    const m = box(mark.getBoundingClientRect());
    const css = getComputedStyle(mark);
    const id = el.querySelector('.sample, .pos');
    const range = document.createRange();
    if (id?.textContent?.trim()) range.selectNodeContents(id);
    return {
      mark: m,
      well: box(el.getBoundingClientRect()),
      atMiddle: document.elementFromPoint(m.x + m.width / 2, m.y + m.height / 2)?.classList.contains('mark') ?? false,
      text: id?.textContent?.trim() ? [...range.getClientRects()].map(box) : [],
      shape: {
        ring: parseFloat(css.borderTopWidth) >= 2 && css.backgroundColor !== css.borderTopColor,
        radius: [css.borderTopLeftRadius, css.borderTopRightRadius],
      },
    };
  });
  const [m, w] = [g.mark, g.well];
  // Under 11px the "…" of a waiting well was a smudge on a 384-well plate at 1280 and 1366 px: only its colour read.
  expect.soft(Math.min(m.width, m.height), `${position}: the mark is at least 11px`).toBeGreaterThanOrEqual(MIN_MARK);
  // Told apart by shape as well as glyph and colour: waiting is a hollow ring, needing a look a filled
  // disc, refused a filled square, unsure a filled leaf.
  expect.soft(g.shape, `${position}: the ${glyph} mark's shape`).toEqual(SHAPES[glyph]);
  expect.soft(inside(m, w), `${position}: mark ${JSON.stringify(m)} inside well ${JSON.stringify(w)}`).toBe(true);
  expect.soft(g.atMiddle, `${position}: the mark is drawn, not clipped or covered`).toBe(true);
  // Clear of the id, or of the position an empty well shows (a refused fill leaves the well as it was).
  for (const t of g.text)
    expect
      .soft(apart(m, t), `${position}: the mark ${JSON.stringify(m)} is clear of the id ${JSON.stringify(t)}`)
      .toBe(true);
}

async function openPlate(page: Page, code: string, hrid: string): Promise<void> {
  await scanAndWait(page, code);
  if (await page.getByTestId('guard-proceed').isVisible()) await page.getByTestId('guard-proceed').click();
  await expect(page.getByTestId('plate-info')).toContainText(hrid);
}

/** A 96-well and a 384-well plate, by barcode and name: every mark is checked on both. */
const PLATES = [
  ['PLT000003', 'PL-0003'],
  ['PLT000002', 'PL-0002'],
] as const;

/**
 * Signed in on Well fill, each of `plates` (barcode, name, …) opened in turn for `check`. A check puts
 * its mark on a well once, then looks at it at each size (`atEachSize`): the window resized over the
 * same plate, as a user's is, draws it as one opened at that size.
 */
async function onEachPlate<P extends readonly [code: string, hrid: string, ...rest: string[]]>(
  page: Page,
  plates: readonly P[],
  check: (plate: P) => Promise<void>,
): Promise<void> {
  await page.setViewportSize(SIZES[0]);
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  // The tubes' rows read before a check takes the service away, as at a bench that worked online first:
  // the page reads them in the background once idle, and a check that stopped the sandbox before that
  // had its tube placed by barcode (the labsheet never read), not by its sample ID.
  expect(await pageIpc(page, [{ channel: 'cache.sampleIndex', payload: { labsheet: 'Samples' } }])).not.toEqual([null]);
  for (const plate of plates) {
    await openPlate(page, plate[0], plate[1]);
    await check(plate);
  }
}

type Size = (typeof SIZES)[number];

/** `look` at each of `sizes`, the window resized to it, each size's findings named by it. */
async function atEachSize(page: Page, sizes: readonly Size[], look: (size: Size) => Promise<void>): Promise<void> {
  for (const size of sizes) {
    await page.setViewportSize(size);
    // Looked at once the page has laid itself out for the new size (two frames), as a user sees it.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await test.step(`at ${size.width}×${size.height}`, () => look(size));
  }
}

/** The position a well stands at, from its test id (`well-A1`). */
async function positionOf(well: Locator): Promise<string> {
  return ((await well.getAttribute('data-testid')) ?? '').replace('well-', '');
}

/** The page fits the window: no sideways scroll, and the plate's last row on screen. */
async function expectPlateFits(page: Page, hrid: string, size: Size): Promise<void> {
  const [scrollWidth, clientWidth] = await page.evaluate<[number, number]>(
    '[document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]',
  );
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  const last = await boxOf(page.getByTestId(hrid === 'PL-0003' ? 'well-H12' : 'well-P24'));
  expect(last.y + last.height).toBeLessThanOrEqual(size.height);
}

/** `scans` made with the service away, from the scan field: its changes wait on this computer. */
async function withServiceDown(page: Page, scans: () => Promise<void>): Promise<void> {
  await stack.stopSandbox();
  try {
    await page.getByTestId('scan-field').focus();
    await scans();
  } finally {
    await stack.startSandbox();
  }
}

test('a filled well waiting to be sent shows its mark, on 96 and 384 wells, at each size', async ({ page }) => {
  let tube = 30;
  await onEachPlate(page, PLATES, async ([, hrid]) => {
    await withServiceDown(page, async () => {
      const sample = `S-00${++tube}`;
      await scanAndWait(page, `TB0000${tube}`, sample);
      const well = page.locator(`[data-sample="${sample}"]`);
      await expect(well).toHaveAttribute('data-sync', 'pending');
      const position = await positionOf(well);
      await atEachSize(page, SIZES, async (size) => {
        await expectMarkShown(page, position, '…');
        // The tooltip still names it whole, and what its mark means.
        await expect(well).toHaveAttribute('title', new RegExp(`${sample}, .*waiting to be sent`));
        // The legend in the same words as the tooltip and the Outbox ("not yet sent" before).
        await expect(page.getByTestId('plate-legend')).toContainText('dashed ring = waiting to be sent');
        await expectPlateFits(page, hrid, size);
        await shot(page, `well-marks-${size.width}-${hrid}`);
      });
    });
  });
});

/** The laptop sizes where a mark's badge had the least room beside a filled well's id. */
const LAPTOPS = SIZES.filter((size) => size.width < 1600);

test('a filled well whose change needs a look shows "?", on 96 and 384 wells, at laptop sizes', async ({ page }) => {
  const plates = [
    ['PLT000001', 'PL-0001', 'G'],
    ['PLT000002', 'PL-0002', 'P'],
  ] as const;
  let other = 0;
  let heldTube = 59;
  await onEachPlate(page, plates, async ([, hrid, row]) => {
    // Another bench changes the plate after this one read it: the next tube here is held for a look.
    ++other;
    await stack.api('/manifest/update', {
      hrid,
      plate: {
        wells: [
          {
            position: `${row}${other}`,
            sample: { id: `S-02${10 + other}`, labsheet: 'Samples' },
            tags: [],
            label: 'SAMPLE',
          },
        ],
      },
    });
    const sample = `S-00${++heldTube}`;
    await scanAndWait(page, `TB0000${heldTube}`, sample);
    const held = page.locator(`[data-sample="${sample}"]`);
    await expect(held).toHaveAttribute('data-sync', 'held', { timeout: 20_000 });
    const position = await positionOf(held);
    await atEachSize(page, LAPTOPS, async (size) => {
      await expectMarkShown(page, position, '?');
      await shot(page, `well-marks-held-${size.width}-${hrid}`);
    });
  });
});

test('a well whose fill the service refused shows its square "!", on 96 and 384 wells, at each size', async ({
  page,
}) => {
  let unknown = 7700;
  await onEachPlate(page, PLATES, async ([, hrid]) => {
    // A sample the labsheet does not have, placed anyway: the service refuses that well (422).
    const sample = `S-${++unknown}`;
    await scanAndWait(page, sample, 'not in the labsheet');
    await page.getByTestId('guard-proceed').click();
    // Drawn as it was before the refused fill (empty), as a reading of the plate draws it: the "!" names the tube.
    const well = page.locator(`[data-sync="refused"][aria-label*="${sample} was not put here"]`);
    await expect(well).toHaveCount(1, { timeout: 20_000 });
    await expect(well).toHaveAttribute('data-sample', '');
    const position = await positionOf(well);
    // The mark is drawn only (aria-hidden): a screen reader hears the well's name, which says in plain
    // words that the service refused it, why and what to do, with the service's own words after, as the
    // tooltip does; and in the legend's word for it, not a second one.
    const name = new RegExp(
      `^${position}, empty, (SAMPLE, )?refused by the service: ${sample} was not put here\\. ` +
        `The Samples labsheet has no row ${sample}\\. ` +
        `Fix it in the Outbox \\(Retry after correcting, or Discard\\)\\. The service said: .*"${sample}" \\(4\\d\\d\\)$`,
    );
    await expect(well).toHaveAccessibleName(name);
    await expect(well).toHaveAttribute('title', name);
    await expect(page.getByTestId('plate-legend')).toContainText('! and red ring = refused or failed (see Outbox)');
    await expect(page.getByTestId('scan-field')).toBeFocused();
    await atEachSize(page, SIZES, async (size) => {
      await expectMarkShown(page, position, '!');
      await shot(page, `well-marks-refused-${size.width}-${hrid}`);
    });
  });
});

test('a filled well that failed or is unsure shows "~", not "refused", on 96 and 384 wells, at laptop sizes', async ({
  page,
}) => {
  let mayBeThere = 39;
  await onEachPlate(page, PLATES, async ([, hrid]) => {
    await withServiceDown(page, async () => {
      const failed = `S-00${++mayBeThere}`;
      await scanAndWait(page, `TB0000${mayBeThere}`, failed);
      const unsure = `S-00${++mayBeThere}`;
      await scanAndWait(page, `TB0000${mayBeThere}`, unsure);
      // Ended as a sync on a bad network ends them: one gave up after repeated 503s, one lost its answer.
      const gaveUp =
        'Stopped after 8 failed attempts: the service answered each with an error. Last: the service said ' +
        '"Operation failed" (HTTP 503).';
      stack.storeEntryState(failed, 'failed', { kind: 'gave-up', status: 503, message: gaveUp });
      stack.storeEntryState(unsure, 'uncertain', { kind: 'network', message: 'socket hang up' });
      // The plate is drawn again from this computer's record and its Outbox.
      await page.reload();
      await openScreen(page, 'Well fill');
      await expect(page.getByTestId('plate-info')).toContainText(hrid);
      const mayBe = 'It may be on the service all the same: look in the Outbox before you put another tube here\\.';
      const wells = [
        [failed, `unsure whether it arrived: ${gaveUp.replace(/[.()]/g, '\\$&')} ${mayBe}`],
        [unsure, `unsure whether it arrived: The service could not be reached \\(socket hang up\\)\\. ${mayBe}`],
      ] as const;
      for (const [sample, said] of wells) {
        // Drawn with the tube in it (it may be there), not as if it never happened.
        const well = page.locator(`[data-sample="${sample}"]`);
        await expect(well).toHaveAttribute('data-sync', 'unsure');
        const name = new RegExp(`^${await positionOf(well)}, ${sample}, (SAMPLE, )?${said}$`);
        await expect(well).toHaveAccessibleName(name);
        await expect(well).toHaveAttribute('title', name);
      }
      await expect(page.getByTestId('plate-legend')).toContainText(
        '! and red ring = refused or failed (see Outbox) · ~ = unsure whether it arrived ·',
      );
      await atEachSize(page, LAPTOPS, async (size) => {
        for (const [sample] of wells)
          await expectMarkShown(page, await positionOf(page.locator(`[data-sample="${sample}"]`)), '~');
        // The plate and its legend still fit.
        await expectPlateFits(page, hrid, size);
        await shot(page, `well-marks-may-be-there-${size.width}-${hrid}`);
      });
    });
  });
});
