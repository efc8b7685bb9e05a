import { DEFAULT_SETTINGS } from '../../../../shared/ipc/settings.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCsp } from '../../../../main/common/csp.js';
import { spyRouter, totalCalls } from '../ipc/spy-router.js';
import { createEventHub } from '../../../../main/ipc/events.js';
import { createScannerBridge } from '../../../../main/ipc/bridges/scanner-bridge.js';
import { createScannerService } from '../../../../main/scanner/service.js';
import { FakeLayer, FakeTime, POS_SCANNER } from '../scanner/fakes.js';
import { posReports } from '../scanner/reports.js';

/**
 * main/electron/ipc-bridge.ts and hardening.ts with a stand-in 'electron' module (there is no
 * Electron binary here): what they register is captured and driven like Electron would.
 */
const h = vi.hoisted(() => ({
  invokeHandlers: new Map<string, (event: unknown, message: unknown) => unknown>(),
  appHandlers: new Map<string, (...a: unknown[]) => unknown>(),
  sandboxEnabled: false,
  privileged: [] as unknown[],
}));

vi.mock('electron', () => ({
  ipcMain: {
    handle: (ch: string, fn: (event: unknown, message: unknown) => unknown) => h.invokeHandlers.set(ch, fn),
    removeHandler: (ch: string) => h.invokeHandlers.delete(ch),
  },
  app: {
    enableSandbox: () => (h.sandboxEnabled = true),
    on: (name: string, fn: (...a: unknown[]) => unknown) => h.appHandlers.set(name, fn),
  },
  session: {},
  protocol: { registerSchemesAsPrivileged: (schemes: unknown[]) => h.privileged.push(...schemes) },
}));

const { bridgeIpc } = await import('../../../../main/electron/ipc-bridge.js');
const { hardenApp, hardenSession, serveApp } = await import('../../../../main/electron/hardening.js');

const PAGE = 'app://benchlink/index.html';

function fakeWindow() {
  const sent: unknown[][] = [];
  const mainFrame = { url: PAGE, parent: null };
  const listeners = new Map<string, (...a: unknown[]) => void>();
  const webContents = {
    mainFrame,
    send: (...a: unknown[]) => sent.push(a),
    on: (name: string, fn: (...a: unknown[]) => void) => listeners.set(name, fn),
  };
  return { win: { webContents, isDestroyed: () => false }, sent, mainFrame, listeners };
}

describe('Electron IPC bridge (sender frame check before the router)', () => {
  beforeEach(() => h.invokeHandlers.clear());

  it('accepts our own top-level page and refuses other senders without reaching a service', async () => {
    const { router, calls } = spyRouter();
    const { win, mainFrame } = fakeWindow();
    // The bridge reads only these members; the cast stands in for a real BrowserWindow.
    bridgeIpc(win as never, PAGE, router, createEventHub({ info: () => {}, warn: () => {}, error: () => {} }));
    const invoke = h.invokeHandlers.get('benchlink:invoke')!;
    const msg = { channel: 'app.info', payload: {} };

    expect(await invoke({ sender: win.webContents, senderFrame: mainFrame }, msg)).toMatchObject({ ok: true });
    const refused = [
      { sender: win.webContents, senderFrame: { url: PAGE, parent: mainFrame } }, // an iframe
      { sender: win.webContents, senderFrame: { url: 'https://evil.example/', parent: null } }, // navigated away
      { sender: win.webContents, senderFrame: null }, // frame gone
      { sender: { other: true }, senderFrame: mainFrame }, // another web contents
    ];
    for (const ev of refused) expect(await invoke(ev, msg)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(totalCalls(calls)).toBe(1);
  });

  it('forwards contract events to the window once its page listens (from its first call)', async () => {
    const { router } = spyRouter();
    const { win, sent, mainFrame } = fakeWindow();
    const events = createEventHub({ info: () => {}, warn: () => {}, error: () => {} });
    const unbridge = bridgeIpc(win as never, PAGE, router, events);
    // The page is still loading: nobody would hear it, and main is told so.
    expect(events.emit('settings.changed', { ...DEFAULT_SETTINGS })).toBe(false);
    await h.invokeHandlers.get('benchlink:invoke')!({ sender: win.webContents, senderFrame: mainFrame }, {});
    expect(events.emit('settings.changed', { ...DEFAULT_SETTINGS })).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]![0]).toBe('benchlink:event');
    unbridge();
    expect(h.invokeHandlers.size).toBe(0);
    expect(events.emit('settings.changed', { ...DEFAULT_SETTINGS })).toBe(false);
  });

  it('a scanner read made during a reload waits for the new page instead of going to the old one', async () => {
    const { router } = spyRouter();
    const { win, sent, mainFrame, listeners } = fakeWindow();
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    const events = createEventHub(quiet);
    const layer = new FakeLayer();
    const time = new FakeTime();
    layer.list = [POS_SCANNER];
    const service = createScannerService({ layer, clock: time, timers: time, platform: 'linux' });
    const dir = mkdtempSync(join(tmpdir(), 'benchlink-electron-reads-'));
    const scanner = createScannerBridge({ service, events, dataDir: dir, log: quiet, now: () => Date.now() });
    const scan = (text: string) => posReports(text, ']C0').forEach((r) => layer.handle(POS_SCANNER.path!).send(r));
    bridgeIpc(win as never, PAGE, router, events);
    const invoke = h.invokeHandlers.get('benchlink:invoke')!;
    const ev = { sender: win.webContents, senderFrame: mainFrame };
    const texts = () => sent.map((m) => (m[2] as { text: string }).text);
    await invoke(ev, {});
    scan('TB000001');
    expect(texts()).toEqual(['TB000001']);
    listeners.get('did-start-navigation')!({ isMainFrame: true, isSameDocument: false });
    scan('TB000002');
    await invoke(ev, {}); // the old page, still unloading, makes one more call: it does not listen again
    expect(texts()).toEqual(['TB000001']);
    listeners.get('did-navigate')!();
    expect(texts()).toEqual(['TB000001']); // not into a page that is not there yet
    await invoke(ev, {}); // the new page's first call: it listens now
    expect(texts()).toEqual(['TB000001', 'TB000002']);
    expect(sent[1]![2]).toHaveProperty('heldMs');
    // An in-page navigation (a fragment change) is the same page: it keeps listening.
    listeners.get('did-start-navigation')!({ isMainFrame: true, isSameDocument: true });
    scan('TB000003');
    expect(texts()).toEqual(['TB000001', 'TB000002', 'TB000003']);
    // A navigation that fails leaves the page where it was: it listens again from its next call. Electron
    // says a failure other than ERR_ABORTED twice: did-fail-provisional-load, then did-fail-load.
    listeners.get('did-start-navigation')!({ isMainFrame: true, isSameDocument: false });
    listeners.get('did-fail-provisional-load')!({}, -6, 'ERR_FILE_NOT_FOUND', PAGE, true);
    listeners.get('did-fail-load')!({}, -6, 'ERR_FILE_NOT_FOUND', PAGE, true);
    scan('TB000004');
    await invoke(ev, {});
    expect(texts()).toEqual(['TB000001', 'TB000002', 'TB000003', 'TB000004']);
    // A navigation will-navigate prevented ends as ERR_ABORTED, which Electron says only as
    // did-fail-provisional-load, never did-fail-load (electron/electron#6201).
    // On the old code the page heard nothing again until a reload.
    listeners.get('did-start-navigation')!({ isMainFrame: true, isSameDocument: false });
    listeners.get('did-fail-provisional-load')!({}, -3, 'ERR_ABORTED', PAGE, true);
    await invoke(ev, {});
    scan('TB000005');
    expect(texts()).toEqual(['TB000001', 'TB000002', 'TB000003', 'TB000004', 'TB000005']);
    scanner.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('Electron IPC bridge: one connection per page load', () => {
  beforeEach(() => h.invokeHandlers.clear());

  it('a reload ends what the old page started (its connection signal aborts) and the new page gets another', async () => {
    const seen: { id: string; closed: AbortSignal }[] = [];
    const router = {
      handle: async (_m: unknown, ctx: { connection?: { id: string; closed: AbortSignal } }) => {
        if (ctx.connection) seen.push(ctx.connection);
        return { ok: true as const, value: null };
      },
      refuse: () => ({ ok: false as const, error: { code: 'forbidden' as const, message: 'no' } }),
    };
    const { win, mainFrame, listeners } = fakeWindow();
    const unbridge = bridgeIpc(
      win as never,
      PAGE,
      router,
      createEventHub({ info: () => {}, warn: () => {}, error: () => {} }),
    );
    const invoke = h.invokeHandlers.get('benchlink:invoke')!;
    const ev = { sender: win.webContents, senderFrame: mainFrame };
    await invoke(ev, {});
    listeners.get('did-navigate')!();
    await invoke(ev, {});
    expect(seen).toHaveLength(2);
    expect(seen[0]!.closed.aborted).toBe(true);
    expect(seen[1]!.closed.aborted).toBe(false);
    expect(seen[1]!.id).not.toBe(seen[0]!.id);
    unbridge();
    expect(seen[1]!.closed.aborted).toBe(true);
  });
});

describe('Electron hardening', () => {
  it('serves the renderer on app:// with the CSP header on every answer, nothing outside dist/', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'benchlink-app-scheme-'));
    writeFileSync(join(dist, 'index.html'), '<html>app</html>');
    writeFileSync(join(tmpdir(), 'benchlink-app-outside.txt'), 'outside');
    let handler: ((r: Request) => Promise<Response>) | null = null;
    serveApp(
      { protocol: { handle: (scheme: string, fn: typeof handler) => scheme === 'app' && (handler = fn) } } as never,
      dist,
    );
    try {
      const page = await handler!(new Request('app://benchlink/index.html'));
      expect(page.status).toBe(200);
      expect(await page.text()).toBe('<html>app</html>');
      expect(page.headers.get('content-security-policy')).toBe(buildCsp());
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      for (const url of [
        'app://benchlink/../benchlink-app-outside.txt',
        'app://benchlink/%2e%2e/benchlink-app-outside.txt',
        'app://evil/index.html',
      ]) {
        const r = await handler!(new Request(url));
        expect(r.status, url).toBe(404);
        expect(r.headers.get('content-security-policy'), url).toBe(buildCsp());
      }
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('enables the sandbox globally and denies navigation, redirects, webviews and window.open on every web contents', () => {
    hardenApp();
    expect(h.sandboxEnabled).toBe(true);
    const listeners = new Map<string, (e: { preventDefault: () => void }) => void>();
    let openHandler: (() => unknown) | null = null;
    const contents = {
      on: (name: string, fn: (e: { preventDefault: () => void }) => void) => listeners.set(name, fn),
      setWindowOpenHandler: (fn: () => unknown) => (openHandler = fn),
    };
    h.appHandlers.get('web-contents-created')!({}, contents);
    expect(h.privileged).toEqual([
      {
        scheme: 'app',
        privileges: expect.objectContaining({
          standard: true,
          secure: true,
          bypassCSP: false,
          allowServiceWorkers: false,
        }),
      },
    ]);
    for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview']) {
      const e = { preventDefault: vi.fn() };
      listeners.get(name)!(e);
      expect(e.preventDefault, name).toHaveBeenCalled();
    }
    expect(openHandler!()).toEqual({ action: 'deny' });
  });

  it('denies every permission but copying text from our own page, and puts the CSP on every response', () => {
    let request:
      ((wc: unknown, p: string, cb: (ok: boolean) => void, details: { requestingUrl?: string }) => void) | null = null;
    let check: ((wc: unknown, p: string, origin: string) => boolean) | null = null;
    let headers:
      | ((
          d: { responseHeaders: Record<string, string[]> },
          cb: (r: { responseHeaders: Record<string, string[]> }) => void,
        ) => void)
      | null = null;
    const ses = {
      setPermissionRequestHandler: (fn: typeof request) => (request = fn),
      setPermissionCheckHandler: (fn: typeof check) => (check = fn),
      setDevicePermissionHandler: () => {},
      webRequest: { onHeadersReceived: (fn: typeof headers) => (headers = fn) },
    };
    hardenSession(ses as never);
    const page = 'app://benchlink/index.html';
    const asked = (p: string, from: string) => {
      let granted: boolean | null = null;
      request!({}, p, (ok) => (granted = ok), { requestingUrl: from });
      return granted;
    };
    for (const p of ['media', 'geolocation', 'notifications', 'hid', 'clipboard-read', 'openExternal']) {
      expect(asked(p, page), p).toBe(false);
      expect(check!({}, p, 'app://benchlink'), p).toBe(false);
    }
    expect(asked('clipboard-sanitized-write', page)).toBe(true);
    expect(check!({}, 'clipboard-sanitized-write', 'app://benchlink')).toBe(true);
    expect(asked('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(check!({}, 'clipboard-sanitized-write', 'https://evil.example')).toBe(false);
    let out: Record<string, string[]> = {};
    headers!({ responseHeaders: { 'x-other': ['1'] } }, (r) => (out = r.responseHeaders));
    expect(out['Content-Security-Policy']?.[0]).toContain("default-src 'none'");
    expect(out['x-other']).toEqual(['1']);
  });
});
