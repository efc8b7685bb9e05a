import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundleSvelteForPage, chromiumPageForSuite, SYSTEM_CHROMIUM } from '../../../../helpers/chromium-page.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';
import { FakeLayer, KEYBOARD_SCANNER, PLAIN_KEYBOARD, POS_SCANNER } from '../../../main/scanner/fakes.js';
import { keyboardReports } from '../../../main/scanner/reports.js';

/**
 * Settings → Scanners (ScannerCard.svelte) in a real Chromium, its every call answered by the real main
 * in this process (router, scanner bridge and service); only the USB devices are faked. Skipped where no
 * system Chromium is installed (see SETUP-NOTES).
 */
const here = (path: string) => JSON.stringify(fileURLToPath(new URL(path, import.meta.url)));

const PAGE = `<!doctype html><html><body><div id="app"></div>
<script type="module" src="/card.js"></script></body></html>`;

// The page's api goes to main through functions the test exposes (mainInvoke), and main's events come back
// through window.emit.
const ENTRY = `import { mount } from 'svelte';
import Harness from ${here('./harness/ScannerCardHarness.svelte')};
const listeners = new Map();
window.emit = (event, payload) => (listeners.get(event) ?? []).forEach((l) => l(payload));
const api = {
  invoke: (channel, payload) => window.mainInvoke(channel, payload),
  subscribe(event, listener) {
    listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    return () => listeners.set(event, listeners.get(event).filter((l) => l !== listener));
  },
};
window.start = () => mount(Harness, { target: document.getElementById('app'), props: { api } });
window.ready = true;`;

const bundle = () => bundleSvelteForPage(ENTRY);

describe.skipIf(!SYSTEM_CHROMIUM)('the Scanners card in Chromium, on the real main', { retry: 1 }, () => {
  const chrome = chromiumPageForSuite(PAGE, '/card.js', bundle);
  let page: Page;
  let main: InProcess;
  let layer: FakeLayer;
  let offEvents = () => {};

  beforeEach(async () => {
    layer = new FakeLayer();
    layer.list = [POS_SCANNER, KEYBOARD_SCANNER, PLAIN_KEYBOARD];
    main = await inProcessApi({ hidLayer: layer });
    // A new page per test: its exposed functions are bound to this test's main.
    page = await chrome.page.context().browser()!.newPage();
    await page.exposeFunction('mainInvoke', (channel: string, payload: unknown) =>
      main.app.router.handle({ channel, payload }, { transport: 'test' }),
    );
    // Main's events to the page; one sent as the page closes goes nowhere.
    offEvents = main.app.events.addSink((event, payload) => {
      const emit = ([e, p]: readonly [unknown, unknown]) =>
        (globalThis as unknown as { emit: (e: unknown, p: unknown) => void }).emit(e, p);
      page.evaluate(emit, [event, payload] as const).catch(() => undefined);
    });
    await page.goto(chrome.url);
    await page.waitForFunction(() => 'ready' in globalThis);
    await page.evaluate(() => (globalThis as unknown as { start: () => void }).start());
  });
  afterEach(async () => {
    offEvents();
    await page?.close();
    await main?.close();
  });

  const row = (product: string) => page.getByTestId('hid-device').filter({ hasText: product });
  const claimed = async () => (await main.call('scanner.devices', {})).settings.keyboardScanners;

  it('a keyboard-mode scanner is read as a scanner only once the question is answered yes; Escape keeps it as it was', async () => {
    const scanner = row('Symbol Bar Code Scanner');
    await expect.poll(() => scanner.getByTestId('device-claim').count()).toBe(1);
    // The keyboard one types with is offered too (it cannot be told apart), and the question warns.
    expect(await row('(046d:c31c)').getByTestId('device-claim').count()).toBe(1);

    await scanner.getByTestId('device-claim').click();
    const question = page.getByRole('alertdialog', { name: 'Read as a scanner?' });
    await expect.poll(() => question.textContent()).toMatch(/never for the keyboard you type with/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Yes, it is a scanner');
    await page.keyboard.press('Escape');
    await expect.poll(() => question.count()).toBe(0);
    expect(await claimed()).toEqual([]);
    // The keyboard is back on the button that asked, not lost on the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Read as a scanner');

    await scanner.getByTestId('device-claim').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Yes, it is a scanner');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('device-outcome').textContent())
      .toBe(
        'Symbol Bar Code Scanner (05e0:1200) is read as a scanner now: scan a code with it, and the read shows here',
      );
    expect(await claimed()).toEqual([expect.objectContaining({ vendorId: 0x05e0, productId: 0x1200, layout: 'us' })]);
    // The button pressed is gone: the keyboard goes to the row's choice now.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Stop reading as a scanner');
    await expect.poll(() => scanner.textContent()).toMatch(/hid-keyboard · open/);
    // A read with it shows on the card: the claim is checked where it was made.
    keyboardReports('TB000042', 'us', 'press-release').forEach((r) => layer.handle(KEYBOARD_SCANNER.path!).send(r));
    await expect
      .poll(() => page.getByTestId('hid-last-read').textContent())
      .toBe('Last read: TB000042 from Symbol Bar Code Scanner (05e0:1200)');

    // Programmed for a German keyboard: its layout chosen in the row.
    await scanner.getByLabel('Keyboard layout').selectOption('de');
    await expect.poll(async () => (await claimed())[0]?.layout).toBe('de');
    // Chosen wrong (the scanner types for a US keyboard), the read there says so, and what to set.
    keyboardReports('S-0011', 'us', 'press-release').forEach((r) => layer.handle(KEYBOARD_SCANNER.path!).send(r));
    await expect
      .poll(() => page.getByTestId('hid-last-read').textContent())
      .toBe(
        'Last read: Sß0011 from Symbol Bar Code Scanner (05e0:1200). Typed for a US keyboard and read as German ' +
          "(Settings → Scanners), this is sample ID S-0011: set this scanner's layout there to US and scan again",
      );
    // One press sets it, and the same read comes whole.
    await page.getByTestId('hid-layout-fix').click();
    await expect.poll(async () => (await claimed())[0]?.layout).toBe('us');
    await expect
      .poll(() => page.getByTestId('device-outcome').textContent())
      .toBe('Symbol Bar Code Scanner (05e0:1200) is read with the US layout now: scan again to check');
    keyboardReports('S-0011', 'us', 'press-release').forEach((r) => layer.handle(KEYBOARD_SCANNER.path!).send(r));
    await expect
      .poll(() => page.getByTestId('hid-last-read').textContent())
      .toBe('Last read: S-0011 from Symbol Bar Code Scanner (05e0:1200)');
    expect(await page.getByTestId('hid-layout-fix').count()).toBe(0);
    await scanner.getByLabel('Keyboard layout').selectOption('de');
    await expect.poll(async () => (await claimed())[0]?.layout).toBe('de');

    await scanner.getByTestId('device-release').click();
    await expect.poll(() => page.getByTestId('device-outcome').textContent()).toMatch(/is no longer read as a scanner/);
    expect(await claimed()).toEqual([]);
    await expect.poll(() => scanner.getByTestId('device-claim').count()).toBe(1);
  });

  it('a HID POS scanner ignored, then read again', async () => {
    const pos = row('Xenon 1950g');
    await pos.getByTestId('device-ignore').click();
    await expect
      .poll(() => page.getByTestId('device-outcome').textContent())
      .toBe('Xenon 1950g (0c2e:0b87) is not read any more');
    await expect.poll(() => pos.textContent()).toMatch(/ignored/);
    await pos.getByTestId('device-use-again').click();
    await expect
      .poll(() => page.getByTestId('device-outcome').textContent())
      .toBe('Xenon 1950g (0c2e:0b87) is read again');
    await expect.poll(() => pos.textContent()).toMatch(/hid-pos · open/);
  });
});
