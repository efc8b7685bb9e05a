import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { beforeEach, describe, expect, it } from 'vitest';
import { bundleSvelteForPage, chromiumPageForSuite, SYSTEM_CHROMIUM } from '../../../../helpers/chromium-page.js';

/**
 * The last-scan line (LastScanLine.svelte) in a real Chromium, at the widths a bench window has, with the
 * words the bench screens really say for a refused read (classify, garbageSaid). On the old code an
 * outcome too long for two lines showed the top of a third line in the box's padding, and the read's own
 * text took the room the end of the outcome needed ("nothing recorded" was cut). Skipped where no system
 * Chromium is installed (see SETUP-NOTES).
 */
const src = (path: string) =>
  JSON.stringify(fileURLToPath(new URL(`../../../../../renderer/${path}`, import.meta.url)));

// The app's own box sizing and font; the line's CSS comes with the component.
const PAGE = `<!doctype html><html><head><style>* { box-sizing: border-box } body { margin: 0 }
:root { font-family: system-ui, sans-serif; font-size: 16px }</style></head>
<body><div id="app"></div><script type="module" src="/line.js"></script></body></html>`;

const ENTRY = `import { mount } from 'svelte';
import LastScanLine from ${src('lib/feedback/LastScanLine.svelte')};
import { Feedback } from ${src('lib/feedback/feedback.svelte.ts')};
import { classify, garbageSaid } from ${src('lib/scan-input/scan-kind.ts')};
const feedback = new Feedback();
feedback.tones.enabled = false;
mount(LastScanLine, { target: document.getElementById('app'), props: { feedback } });
window.refuse = (text) => feedback.report(text, garbageSaid(classify(text)), 'error');
window.report = (text, outcome) => feedback.report(text, outcome, 'error');
window.ready = true;`;

/**
 * What the line shows, measured in the page: every piece of text as it is painted (cut by each box that
 * clips it), against the line's content box; whether the read's text is painted; and whether the outcome
 * is painted whole (nothing cut off or ellipsised).
 */
const SHOWN = `(() => {
  const p = document.querySelector('[data-testid="last-scan"]');
  const ps = getComputedStyle(p);
  const box = p.getBoundingClientRect();
  const contentTop = box.top + parseFloat(ps.borderTopWidth) + parseFloat(ps.paddingTop);
  const contentBottom = box.bottom - parseFloat(ps.borderBottomWidth) - parseFloat(ps.paddingBottom);
  const painted = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const out = [];
    for (const r of range.getClientRects()) {
      let top = r.top, bottom = r.bottom, left = r.left, right = r.right;
      for (let el = node.parentElement; el; el = el.parentElement) {
        const s = getComputedStyle(el);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
          const b = el.getBoundingClientRect();
          top = Math.max(top, b.top + el.clientTop);
          bottom = Math.min(bottom, b.top + el.clientTop + el.clientHeight);
          left = Math.max(left, b.left + el.clientLeft);
          right = Math.min(right, b.left + el.clientLeft + el.clientWidth);
        }
        if (el === p) break;
      }
      if (bottom > top + 0.5 && right > left + 0.5) out.push({ top, bottom, left, right, whole: top <= r.top + 0.5 && bottom >= r.bottom - 0.5 && left <= r.left + 0.5 && right >= r.right - 0.5 });
    }
    return { out, lines: range.getClientRects().length };
  };
  const texts = [];
  const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.data.trim()) texts.push(n);
  const all = texts.flatMap((n) => painted(n).out);
  const outcome = p.querySelector('.outcome').firstChild;
  const o = painted(outcome);
  const said = outcome.parentElement.parentElement;
  const text = p.querySelector('.text');
  return {
    outsideContent: all.filter((r) => r.top < contentTop - 0.5 || r.bottom > contentBottom + 0.5).length,
    readShown: text ? painted(text.firstChild).out.length > 0 : false,
    outcomeWhole: o.out.length === o.lines && o.out.every((r) => r.whole) && said.scrollHeight <= said.clientHeight + 0.5 && said.scrollWidth <= said.clientWidth + 0.5,
    fontPx: parseFloat(ps.fontSize),
    title: p.title,
  };
})()`;

interface Shown {
  outsideContent: number;
  readShown: boolean;
  outcomeWhole: boolean;
  fontPx: number;
  title: string;
}

const WIDTHS = [420, 560, 700, 820, 960, 1100, 1280];

// A GS1 read whose check digit is wrong, one whose expiry month is 13 (the (AI) form), and a long
// made-up outcome of the kind Assign location says ("Duplicate: … To move it, scan its new position first.").
const GS1_READS = ['0109506000134353', '(01)09506000134352(17)261331(10)LOT-2026-11-A'];
const LONG_OUTCOME =
  'Duplicate: TB000211 is already in H1 of BX-0001 Freezer box 1, shelf 3, rack B; nothing recorded. To move it, scan its new position first, then the tube.';

describe.skipIf(!SYSTEM_CHROMIUM)('the last-scan line in Chromium', { retry: 1 }, () => {
  const chrome = chromiumPageForSuite(PAGE, '/line.js', () => bundleSvelteForPage(ENTRY));
  let page: Page;

  beforeEach(async () => {
    page = chrome.page;
    await page.goto(chrome.url);
    await page.waitForFunction(() => 'ready' in globalThis);
  });

  const setWidth = (px: number) =>
    page.evaluate(`document.getElementById('app').style.width = '${px}px'`).then(settled);
  /** Two frames: the line measures after Svelte's tick and sets its size; the browser lays it out. */
  const settled = () => page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  const shown = async () => {
    await settled();
    await settled();
    return (await page.evaluate(SHOWN)) as Shown;
  };
  const refuse = (text: string) => page.evaluate(`window.refuse(${JSON.stringify(text)})`);
  const report = (text: string, outcome: string) =>
    page.evaluate(`window.report(${JSON.stringify(text)}, ${JSON.stringify(outcome)})`);

  it('a short outcome is one line at headline size, the read beside it', async () => {
    await setWidth(960);
    await report('TB000011', 'S-0011 → A1');
    const s = await shown();
    expect(s).toMatchObject({ outsideContent: 0, readShown: true, outcomeWhole: true, title: '' });
    expect(s.fontPx).toBeCloseTo(27.2, 1);
  });

  it.each(GS1_READS)(
    'a refused GS1 read (%s) at every width: nothing painted outside the box, the read only where the whole outcome also fits',
    async (read) => {
      const seen: string[] = [];
      for (const width of WIDTHS) {
        await setWidth(width);
        await refuse(read);
        const s = await shown();
        seen.push(`${width}: ${s.readShown ? 'read + ' : ''}${s.outcomeWhole ? 'whole' : 'cut'}`);
        expect(s.outsideContent, `${width} px`).toBe(0);
        if (s.readShown) expect(s.outcomeWhole, `${width} px`).toBe(true);
        expect(s.title, `${width} px`).toContain(read);
      }
      // The widths cover each form: the read and its outcome whole, and the outcome cut (the narrowest).
      expect(seen.some((w) => w.endsWith('read + whole'))).toBe(true);
      expect(seen[0]).toMatch(/cut$/);
    },
  );

  it('the outcome is whole without the read wherever that is what makes it fit', async () => {
    // Wide enough for the outcome on two lines, too narrow for the read before it as well.
    const fits: number[] = [];
    for (let width = 700; width <= 1300; width += 20) {
      await setWidth(width);
      await report('X'.repeat(40), LONG_OUTCOME);
      const s = await shown();
      expect(s.outsideContent, `${width} px`).toBe(0);
      if (!s.readShown && s.outcomeWhole) fits.push(width);
      if (s.readShown) expect(s.outcomeWhole, `${width} px`).toBe(true);
    }
    expect(fits.length).toBeGreaterThan(0);
  });

  it('measures again when the window is resized, without a new read', async () => {
    await setWidth(1280);
    await report('X'.repeat(40), LONG_OUTCOME);
    const wide = await shown();
    expect(wide).toMatchObject({ readShown: true, outcomeWhole: true });
    await setWidth(560);
    const narrow = await shown();
    expect(narrow.readShown).toBe(false);
    expect(narrow.outsideContent).toBe(0);
    await setWidth(1280);
    expect(await shown()).toMatchObject({ readShown: true, outcomeWhole: true, outsideContent: 0 });
  });
});
