import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { beforeEach, describe, expect, it } from 'vitest';
import { bundleForPage, chromiumPageForSuite, SYSTEM_CHROMIUM } from '../../../../helpers/chromium-page.js';

/**
 * The DOM binding (wedge-dom.ts) in a real Chromium: real KeyboardEvents, setRangeText,
 * input events, focus. Skipped where no system Chromium is installed (see SETUP-NOTES).
 * Keys injected over CDP arrive with the jitter of a loaded 2-core machine, not a scanner's
 * rhythm (over 150 ms under load), so this test widens the gap to 250 ms and types "by hand"
 * at 0.7 s (beyond 2 × 250 ms): it checks the DOM mechanics; the timing rules are measured in misclassification.test.ts.
 */
const HAND = 700;

const PAGE = `<!doctype html><html><body>
<input id="text" type="text"><input id="pw" type="password"><div data-scan="off"><input id="off" type="text"></div>
<input id="num" type="number"><div id="cell" tabindex="0"></div><textarea id="ta"></textarea>
<select id="sel"><option value="a">Across rows</option><option value="dr" disabled>Down rows</option>
<option value="d">Down columns</option><option value="x">Diagonal</option></select>
<button id="btn" type="button">Press</button><input id="cb" type="checkbox">
<script>
window.presses = 0; document.getElementById('btn').addEventListener('click', () => window.presses++);
window.changes = []; document.getElementById('sel').addEventListener('change', (e) => window.changes.push(e.target.value));
window.inputs = 0; document.addEventListener('input', () => window.inputs++);
window.cellKeys = []; document.getElementById('cell').addEventListener('keydown', (e) => window.cellKeys.push(e.key));
</script><script type="module" src="/wedge.js"></script></body></html>`;

const ENTRY = `import { attachWedge } from ${JSON.stringify(fileURLToPath(new URL('../../../../../renderer/lib/scan/wedge-dom.ts', import.meta.url)))};
window.scans = [];
window.wedge = attachWedge(window, { settings: { maxGapMs: 250 }, onScan: (d) => window.scans.push({ text: d.scan.text, target: d.target && d.target.id }) });`;

describe.skipIf(!SYSTEM_CHROMIUM)('wedge-dom in Chromium', { retry: 1 }, () => {
  const chrome = chromiumPageForSuite(PAGE, '/wedge.js', () => bundleForPage(ENTRY));
  let page: Page;

  // A fresh page per test, so a retry starts from empty fields.
  beforeEach(async () => {
    page = chrome.page;
    await page.goto(chrome.url);
    await page.waitForFunction(() => 'wedge' in globalThis);
  });

  // The root tsconfig has no DOM lib: page-side callbacks reach the page through globalThis casts.
  const value = (id: string) => page.$eval(`#${id}`, (e) => (e as unknown as { value: string }).value);
  const pageGlobal = <T>(name: string) => page.evaluate((n) => (globalThis as unknown as Record<string, T>)[n]!, name);
  const scans = () => pageGlobal<Array<{ text: string; target: string }>>('scans');

  it('scan into a text field between typed words: no stray characters, Enter swallowed, typing intact', async () => {
    await page.focus('#text');
    await page.keyboard.type('n', { delay: HAND });
    await page.keyboard.type('PLT000123');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(HAND);
    await page.keyboard.type('o', { delay: HAND });
    expect(await value('text')).toBe('no');
    expect(await scans()).toEqual([{ text: 'PLT000123', target: 'text' }]);
    expect(await pageGlobal<number>('inputs')).toBeGreaterThan(0); // bound frameworks hear re-inserted keys
  });

  it('a fast typed password and a data-scan="off" field are left alone', async () => {
    await page.focus('#pw');
    await page.keyboard.type('Secret123');
    await page.keyboard.press('Enter');
    await page.focus('#off');
    await page.keyboard.type('TB998877');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(HAND);
    expect(await value('pw')).toBe('Secret123');
    expect(await value('off')).toBe('TB998877');
    expect(await scans()).toEqual([]);
  });

  it('number inputs get typed digits back; a Tab-terminated scan keeps focus', async () => {
    await page.focus('#num');
    await page.keyboard.type('12', { delay: HAND });
    await page.focus('#ta');
    await page.keyboard.type('a', { delay: HAND });
    await page.keyboard.type('S-1234');
    await page.keyboard.press('Tab');
    await page.waitForTimeout(HAND);
    expect(await value('num')).toBe('12');
    expect(await value('ta')).toBe('a');
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id,
      ),
    ).toBe('ta');
    expect((await scans()).at(-1)).toEqual({ text: 'S-1234', target: 'ta' });
  });

  it('a decimal typed by hand into a number box is that decimal; a stray "e" is the box\'s bad input, not an empty box', async () => {
    await page.focus('#num');
    await page.keyboard.type('1.5', { delay: HAND });
    await page.waitForTimeout(HAND);
    expect(await value('num')).toBe('1.5');
    await page.keyboard.type('e', { delay: HAND });
    await page.waitForTimeout(HAND);
    const badInput = await page.evaluate(
      () =>
        (globalThis as unknown as { document: Document }).document.querySelector<HTMLInputElement>('#num')!.validity
          .badInput,
    );
    expect([await value('num'), badInput]).toEqual(['', true]);
  });

  it('a grid cell handling keys itself gets typed keys in order and none of the scan', async () => {
    await page.focus('#cell');
    await page.keyboard.type('xy', { delay: HAND });
    await page.keyboard.type('BOX4321');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(HAND);
    expect(await pageGlobal<string[]>('cellKeys')).toEqual(['x', 'y']);
    expect((await scans()).at(-1)).toEqual({ text: 'BOX4321', target: 'cell' });
  });

  it('letters typed on a dropdown choose its option as the browser would; a scan there leaves it alone', async () => {
    await page.focus('#sel');
    await page.keyboard.type('D', { delay: HAND }); // the disabled "Down rows" is skipped
    await page.waitForTimeout(HAND);
    expect(await value('sel')).toBe('d');
    await page.waitForTimeout(1100); // a new prefix: "di" typed within a second picks "Diagonal"
    await page.keyboard.type('di', { delay: HAND });
    await page.waitForTimeout(HAND);
    expect(await value('sel')).toBe('x');
    await page.waitForTimeout(1100);
    await page.keyboard.type('PLT000123');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(HAND);
    expect(await value('sel')).toBe('x');
    expect(await pageGlobal<string[]>('changes')).toEqual(['d', 'x']);
    expect((await scans()).at(-1)).toEqual({ text: 'PLT000123', target: 'sel' });
  });

  it("a person's Space on a dropdown opens its list, as without the wedge", async () => {
    const isOpen = () => page.$eval('#sel', (e) => e.matches(':open'));
    await page.focus('#sel');
    await page.keyboard.press(' ');
    await page.waitForTimeout(HAND);
    expect(await isOpen()).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(HAND);
    expect(await isOpen()).toBe(false);
    expect(await scans()).toEqual([]);
  });

  it("a person's Space presses the focused button and ticks the focused checkbox, as without the wedge", async () => {
    await page.focus('#btn');
    await page.keyboard.press(' ');
    await page.waitForTimeout(HAND);
    expect(await pageGlobal<number>('presses')).toBe(1);
    await page.focus('#cb');
    await page.keyboard.press(' ');
    await page.waitForTimeout(HAND);
    const box = () =>
      page.$eval('#cb', (e) => {
        const cb = e as unknown as { checked: boolean; value: string };
        return { checked: cb.checked, value: cb.value };
      });
    expect(await box()).toEqual({ checked: true, value: 'on' }); // ticked, and no Space typed into its value
    expect(await scans()).toEqual([]);
  });
});
