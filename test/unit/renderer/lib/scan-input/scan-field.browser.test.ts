import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { beforeEach, describe, expect, it } from 'vitest';
import { bundleSvelteForPage, chromiumPageForSuite, SYSTEM_CHROMIUM } from '../../../../helpers/chromium-page.js';

/**
 * The scan field (ScanField.svelte) with the real scan hub, feedback and last-scan line, in a real
 * Chromium: real KeyboardEvents, so Ctrl+], Tab and the time between keys are what a scanner makes.
 * The wedge is not attached: the field is its no-go area (data-scan="off") and must stand alone.
 * Skipped where no system Chromium is installed (see SETUP-NOTES).
 */
const src = (path: string) =>
  JSON.stringify(fileURLToPath(new URL(`../../../../../renderer/${path}`, import.meta.url)));

const PAGE = `<!doctype html><html><body><div id="app"></div><button id="after" type="button">After</button>
<script type="module" src="/field.js"></script></body></html>`;

// Every read the hub hands on is answered as Well fill answers a tube before a plate: refused, in red.
const ENTRY = `import { mount } from 'svelte';
import ScanField from ${src('lib/scan-input/ScanField.svelte')};
import LastScanLine from ${src('lib/feedback/LastScanLine.svelte')};
import { ScanHub } from ${src('lib/scan-input/scan-hub.svelte.ts')};
import { Feedback } from ${src('lib/feedback/feedback.svelte.ts')};
const feedback = new Feedback();
feedback.tones.enabled = false;
const hub = new ScanHub(feedback);
let field = null;
window.scans = [];
hub.claim(async (s) => { window.scans.push(s.text); feedback.report(s.text, 'Scan a plate or box first', 'error', s.mainAt); }, () => field);
const target = document.getElementById('app');
mount(ScanField, { target, props: { hub, label: 'Scan', register: (el) => (field = el) } });
mount(LastScanLine, { target, props: { feedback } });
window.frame = (prefix, suffix) => hub.configure({ wedgeEnabled: true, wedgeProfile: 'usb', dedupeWindowMs: 300, prefix, suffix });
window.ready = true;`;

const bundle = () => bundleSvelteForPage(ENTRY);

describe.skipIf(!SYSTEM_CHROMIUM)('the scan field in Chromium', { retry: 1 }, () => {
  const chrome = chromiumPageForSuite(PAGE, '/field.js', bundle);
  let page: Page;

  beforeEach(async () => {
    page = chrome.page;
    await page.goto(chrome.url);
    await page.waitForFunction(() => 'ready' in globalThis);
    await page.focus('[data-testid="scan-field"]');
  });

  // The root tsconfig has no DOM lib: page-side callbacks reach the page through globalThis casts.
  const scans = () => page.evaluate(() => (globalThis as unknown as { scans: string[] }).scans);
  const fieldValue = () => page.inputValue('[data-testid="scan-field"]');
  const focusedId = () =>
    page.evaluate(() => {
      const el = (globalThis as unknown as { document: { activeElement: { id: string; dataset: object } | null } })
        .document.activeElement;
      return el?.id || JSON.stringify(el?.dataset ?? null);
    });

  it("a scanner's Ctrl+] is GS in the read, at the caret: the GS1 lot ends where the serial starts", async () => {
    await page.keyboard.type('01095011015300031726113010123456', { delay: 5 });
    await page.keyboard.press('Control+]');
    await page.keyboard.type('21ABC', { delay: 5 });
    expect(await fieldValue()).toBe('01095011015300031726113010123456\x1d21ABC');
    await page.keyboard.press('Enter');
    await expect.poll(scans).toEqual(['01095011015300031726113010123456\x1d21ABC']);
    // At the caret, not at the end: a separator added where it was left out.
    await page.keyboard.type('1012345621ABC');
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Control+]');
    expect(await fieldValue()).toBe('10123456\x1d21ABC');
  });

  it("a scanner's Tab suffix submits the read and keeps focus; an empty field's Tab moves on", async () => {
    await page.keyboard.type('PLT000002', { delay: 5 });
    await page.keyboard.press('Tab');
    await page.keyboard.type('TB000061', { delay: 5 });
    await page.keyboard.press('Tab');
    await expect.poll(scans).toEqual(['PLT000002', 'TB000061']);
    expect(await fieldValue()).toBe('');
    await page.keyboard.press('Tab');
    expect(await focusedId()).toBe('after');
  });

  it('a scanner programmed with a prefix and a suffix (no Enter): the suffix ends the read, both are taken off', async () => {
    await page.evaluate(() => (globalThis as unknown as { frame: (p: string, s: string) => void }).frame('~', '*'));
    await page.keyboard.type('~PLT000002*', { delay: 5 });
    await page.keyboard.type('~TB000061*', { delay: 5 });
    await expect.poll(scans).toEqual(['PLT000002', 'TB000061']);
    expect(await fieldValue()).toBe('');
    // One that does send Enter after its suffix: the Enter of an emptied field is nothing.
    await page.keyboard.type('~TB000062*', { delay: 5 });
    await page.keyboard.press('Enter');
    await expect.poll(scans).toEqual(['PLT000002', 'TB000061', 'TB000062']);
  });

  it('a read typed slowly twice is one read: the second is measured from its first key', async () => {
    // 80 ms a key: each read takes far longer than the 300 ms double-read window.
    await page.keyboard.type('TB000063', { delay: 80 });
    await page.keyboard.press('Enter');
    await expect.poll(scans).toEqual(['TB000063']);
    await page.keyboard.type('TB000063', { delay: 80 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.textContent('[data-testid="last-scan"]')).toContain('Double read ignored');
    expect(await scans()).toEqual(['TB000063']);
  });

  it('a double read leaves the refusal of the first on the line, in red, with the double said beside it', async () => {
    await page.keyboard.type('TB000064', { delay: 5 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.textContent('[data-testid="last-scan"] .outcome')).toBe('Scan a plate or box first');
    await page.keyboard.type('TB000064', { delay: 5 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.textContent('[data-testid="last-scan"]')).toContain('Double read ignored');
    expect(await page.textContent('[data-testid="last-scan"] .outcome')).toBe('Scan a plate or box first');
    expect(await page.getAttribute('[data-testid="last-scan"]', 'class')).toMatch(/\bbad\b/);
    expect(await scans()).toEqual(['TB000064']);
  });

  it('a very long read shows only its start on the last-scan line, so what happened to it is seen', async () => {
    await page.fill('[data-testid="scan-field"]', 'A'.repeat(600));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.textContent('[data-testid="last-scan"] .outcome')).toBe('Scan a plate or box first');
    const shown = (await page.textContent('[data-testid="last-scan"] .text')) ?? '';
    expect(shown.length).toBeLessThanOrEqual(60);
    expect(shown.endsWith('…')).toBe(true);
  });
});
