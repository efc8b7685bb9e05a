import { DEFAULT_LABSHEETS } from '../../../../shared/ipc/settings.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { spyRouter, totalCalls } from '../ipc/spy-router.js';
import { createEventHub } from '../../../../main/ipc/events.js';

/**
 * main/electron/ipc-bridge.ts and hardening.ts with a stand-in 'electron' module (there is no
 * Electron binary here): what they register is captured and driven like Electron would.
 */
const h = vi.hoisted(() => ({
  invokeHandlers: new Map<string, (event: unknown, message: unknown) => unknown>(),
  appHandlers: new Map<string, (...a: unknown[]) => unknown>(),
  sandboxEnabled: false,
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
}));

const { bridgeIpc } = await import('../../../../main/electron/ipc-bridge.js');
const { hardenApp, hardenSession } = await import('../../../../main/electron/hardening.js');

const PAGE = 'file:///opt/benchlink/dist/index.html';

function fakeWindow() {
  const sent: unknown[][] = [];
  const mainFrame = { url: PAGE, parent: null };
  const webContents = { mainFrame, send: (...a: unknown[]) => sent.push(a) };
  return { win: { webContents, isDestroyed: () => false }, sent, mainFrame };
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

  it('forwards contract events to the window', () => {
    const { router } = spyRouter();
    const { win, sent } = fakeWindow();
    const events = createEventHub({ info: () => {}, warn: () => {}, error: () => {} });
    const unbridge = bridgeIpc(win as never, PAGE, router, events);
    events.emit('settings.changed', {
      version: 1,
      connection: { kind: 'local-sandbox', mode: 'v2' },
      scanner: {},
      ui: { highContrast: false, sounds: true, fillOrder: 'row-major' },
      labsheets: DEFAULT_LABSHEETS,
      printers: [],
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]![0]).toBe('benchlink:event');
    unbridge();
    expect(h.invokeHandlers.size).toBe(0);
  });
});

describe('Electron hardening', () => {
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
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const e = { preventDefault: vi.fn() };
      listeners.get(name)!(e);
      expect(e.preventDefault, name).toHaveBeenCalled();
    }
    expect(openHandler!()).toEqual({ action: 'deny' });
  });

  it('denies every permission and puts the CSP on every response', () => {
    let request: ((wc: unknown, p: string, cb: (ok: boolean) => void) => void) | null = null;
    let check: ((wc: unknown, p: string) => boolean) | null = null;
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
    for (const p of ['media', 'geolocation', 'notifications', 'hid', 'clipboard-read', 'openExternal']) {
      let granted: boolean | null = null;
      request!({}, p, (ok) => (granted = ok));
      expect(granted, p).toBe(false);
      expect(check!({}, p), p).toBe(false);
    }
    let out: Record<string, string[]> = {};
    headers!({ responseHeaders: { 'x-other': ['1'] } }, (r) => (out = r.responseHeaders));
    expect(out['Content-Security-Policy']?.[0]).toContain("default-src 'none'");
    expect(out['x-other']).toEqual(['1']);
  });
});
