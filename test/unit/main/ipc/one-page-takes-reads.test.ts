import { afterEach, describe, expect, it } from 'vitest';
import { Feedback } from '../../../../renderer/lib/feedback/feedback.svelte.js';
import { ScanHub } from '../../../../renderer/lib/scan-input/scan-hub.svelte.js';
import type { BenchlinkApi } from '../../../../shared/ipc/api.js';
import type { ScannerScan } from '../../../../shared/ipc/channels/scanner.js';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';
import { FakeLayer, POS_SCANNER } from '../scanner/fakes.js';
import { posReports } from '../scanner/reports.js';

/**
 * The browser host serves several pages at once (two tabs, each its own socket). A scanner read is
 * one scan: exactly one page may take it. The real main in-process (router, event hub, scanner
 * bridge and service) with only the HID device faked; each page is the real ScanHub on a connection
 * of its own, its events coming through one sink named by that connection, as the host's socket
 * adds it (main/host/ws-transport.ts).
 */
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** What ScanHub and the take-reads wiring read of a window: focus and visibility, as a browser tab has them. */
function tab(visible: boolean) {
  const document = Object.assign(new EventTarget(), {
    visibilityState: visible ? 'visible' : 'hidden',
    hasFocus: () => visible,
    activeElement: null,
  });
  return Object.assign(new EventTarget(), {
    document,
    performance,
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: number) => clearTimeout(id),
  });
}

async function mainWithScanner(o: { devicesError?: Error } = {}) {
  const layer = new FakeLayer();
  layer.list = [POS_SCANNER];
  if (o.devicesError) layer.devicesError = o.devicesError;
  const main = await inProcessApi({ hidLayer: layer });
  cleanup.push(() => main.close());
  const scan = (text: string) => posReports(text, ']C0').forEach((r) => layer.handle(POS_SCANNER.path!).send(r));
  return { main, layer, scan };
}

let pages = 0;
function page(main: InProcess, o: { visible?: boolean; screen?: 'well-fill' | 'settings' } = {}) {
  const id = `page-${(pages += 1)}`;
  const closed = new AbortController();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const removeSink = main.app.events.addSink((event, payload) => {
    for (const l of listeners.get(event) ?? []) l(payload);
  }, id);
  const calls: Array<Promise<unknown>> = [];
  const api: BenchlinkApi = {
    invoke: ((channel: string, payload: unknown) => {
      const call = main.app.router.handle(
        { channel, payload },
        { transport: 'ws', connection: { id, closed: closed.signal } },
      );
      calls.push(call);
      return call;
    }) as BenchlinkApi['invoke'],
    subscribe: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: unknown) => void);
    },
  };
  const win = tab(o.visible ?? true);
  const feedback = new Feedback();
  feedback.tones.enabled = false;
  const hub = new ScanHub(feedback);
  hub.start(win as unknown as Window, api);
  const recorded: string[] = [];
  // Well fill records every tube; Settings takes no scans.
  if ((o.screen ?? 'well-fill') === 'well-fill')
    hub.claim(
      // The AIM id main sent beside the data is in front (ScanHub.receiveFromMain); the code is what counts.
      async (s) => void recorded.push(s.text.replace(/^\]C0/, '')),
      () => null,
    );
  const p = {
    api,
    feedback,
    recorded,
    /** The user comes back to this tab (its window gets focus). */
    focus: () => win.dispatchEvent(new Event('focus')),
    /** Every call this page made has its answer, and every scan it took has been handled. */
    settled: async () => {
      while (calls.length > 0) await calls.shift();
      await hub.inTurn(async () => undefined);
    },
    close: () => {
      hub.stop();
      removeSink();
      closed.abort();
    },
  };
  cleanup.push(p.close);
  return p;
}

describe('several pages open: one scanner read is taken by exactly one page', () => {
  it('two tabs on Well fill: each read is recorded once, on the tab the user came to last', async () => {
    const { main, scan } = await mainWithScanner();
    const a = page(main);
    const b = page(main);
    await Promise.all([a.settled(), b.settled()]);

    scan('TB000001');
    await Promise.all([a.settled(), b.settled()]);
    expect([a.recorded, b.recorded]).toEqual([[], ['TB000001']]);

    a.focus();
    await a.settled();
    scan('TB000002');
    await Promise.all([a.settled(), b.settled()]);
    expect([a.recorded, b.recorded]).toEqual([['TB000002'], ['TB000001']]);
  });

  it('a tab on Settings is not told a read was lost while the other records it', async () => {
    const { main, scan } = await mainWithScanner();
    const settings = page(main, { screen: 'settings' });
    const wellFill = page(main);
    await Promise.all([settings.settled(), wellFill.settled()]);
    scan('TB000003');
    await Promise.all([settings.settled(), wellFill.settled()]);
    expect(wellFill.recorded).toEqual(['TB000003']);
    expect(settings.feedback.last).toBeNull();
  });

  it('a tab in the background (hidden when it opened) does not take the reads from the one in front', async () => {
    const { main, scan } = await mainWithScanner();
    const front = page(main);
    const background = page(main, { visible: false });
    await Promise.all([front.settled(), background.settled()]);
    scan('TB000004');
    await Promise.all([front.settled(), background.settled()]);
    expect([front.recorded, background.recorded]).toEqual([['TB000004'], []]);
  });

  it("a read's problem (a report that could not be read) is said on the tab that takes the reads only", async () => {
    const { main, layer } = await mainWithScanner();
    const a = page(main);
    const b = page(main);
    a.focus();
    await Promise.all([a.settled(), b.settled()]);
    layer.handle(POS_SCANNER.path!).send([0x02, 0x01]);
    expect(a.feedback.last?.outcome).toMatch(/^Scanner: .*too short/);
    expect(b.feedback.last).toBeNull();
  });

  it('the tab that took the reads closes: the other takes the next one', async () => {
    const { main, scan } = await mainWithScanner();
    const a = page(main);
    const b = page(main);
    a.focus();
    await Promise.all([a.settled(), b.settled()]);
    a.close();
    scan('TB000005');
    await b.settled();
    expect([a.recorded, b.recorded]).toEqual([[], ['TB000005']]);
  });

  it("Settings' test read goes back only to the tab that asked, never to another tab's Well fill", async () => {
    const { main } = await mainWithScanner();
    const settings = page(main, { screen: 'settings' });
    const wellFill = page(main);
    wellFill.focus(); // the reads go to Well fill's tab
    await Promise.all([settings.settled(), wellFill.settled()]);
    const heard: Array<[string, string]> = [];
    settings.api.subscribe('scanner.scan', (s: ScannerScan) => heard.push(['settings', s.text]));
    wellFill.api.subscribe('scanner.scan', (s: ScannerScan) => heard.push(['well fill', s.text]));

    const r = await settings.api.invoke('scanner.test', { text: 'TEST-0001' });
    await Promise.all([settings.settled(), wellFill.settled()]);
    expect(r).toEqual({ ok: true, value: { delivered: true } });
    expect(heard).toEqual([['settings', 'TEST-0001']]);
    expect(wellFill.recorded).toEqual([]);
  });
});

describe('Settings: whether HID works here', () => {
  it('one failed device listing (libusb busy) is not said for good: the next that works clears it', async () => {
    const { main, layer } = await mainWithScanner({ devicesError: new Error('LIBUSB_ERROR_BUSY') });
    expect(await main.call('scanner.devices', {})).toMatchObject({
      available: false,
      message: 'HID unavailable: LIBUSB_ERROR_BUSY',
    });
    layer.devicesError = null;
    // "Look for scanners again"
    const again = await main.call('scanner.devices', { refresh: true });
    expect([again.available, again.message]).toEqual([true, null]);
    expect(again.devices.map((d) => [d.product, d.status])).toEqual([['Xenon 1950g', 'open']]);
  });
});
