import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IPC_EVENT, IPC_INVOKE } from '../../../../shared/ipc/api.js';
import { buildCsp, CSP_DIRECTIVES } from '../../../../main/common/csp.js';
import { APP_PAGE_URL, APP_SCHEME_PRIVILEGES } from '../../../../main/electron/app-protocol.js';
import {
  ALLOWED_PERMISSIONS,
  isTrustedSender,
  permissionAllowed,
  WEB_PREFERENCES,
  windowOptions,
} from '../../../../main/electron/security-policy.js';

const read = (rel: string) => readFileSync(fileURLToPath(new URL(`../../../../${rel}`, import.meta.url)), 'utf8');

describe('Electron window configuration (the real objects main/electron passes to BrowserWindow)', () => {
  it('isolates and sandboxes the renderer', () => {
    const opts = windowOptions('/app/out/preload/index.cjs');
    expect(opts.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/app/out/preload/index.cjs',
    });
    expect(Object.isFrozen(WEB_PREFERENCES)).toBe(true);
    expect(ALLOWED_PERMISSIONS).toEqual(['clipboard-sanitized-write']);
  });

  it('grants copying text to our own page only, and nothing else to anyone', () => {
    expect(permissionAllowed('clipboard-sanitized-write', APP_PAGE_URL, APP_PAGE_URL)).toBe(true);
    expect(permissionAllowed('clipboard-sanitized-write', 'app://benchlink', APP_PAGE_URL)).toBe(true);
    expect(permissionAllowed('clipboard-sanitized-write', 'https://evil.example/', APP_PAGE_URL)).toBe(false);
    expect(permissionAllowed('clipboard-sanitized-write', 'app://evil/index.html', APP_PAGE_URL)).toBe(false);
    expect(permissionAllowed('clipboard-sanitized-write', undefined, APP_PAGE_URL)).toBe(false);
    for (const p of ['clipboard-read', 'media', 'geolocation', 'notifications', 'hid', 'openExternal'])
      expect(permissionAllowed(p, APP_PAGE_URL, APP_PAGE_URL)).toBe(false);
  });

  it('sounds and handles scans that arrive through main while the window is unfocused or behind another', () => {
    expect(windowOptions('/p').webPreferences).toMatchObject({
      autoplayPolicy: 'no-user-gesture-required',
      backgroundThrottling: false,
    });
  });

  it('has a strict CSP: own files only, no inline script, no eval, no remote content, no frames', () => {
    const csp = buildCsp();
    expect(CSP_DIRECTIVES['default-src']).toEqual(["'none'"]);
    expect(CSP_DIRECTIVES['script-src']).toEqual(["'self'"]);
    expect(CSP_DIRECTIVES['object-src']).toEqual(["'none'"]);
    expect(CSP_DIRECTIVES['frame-ancestors']).toEqual(["'none'"]);
    expect(CSP_DIRECTIVES['base-uri']).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|wasm-unsafe-eval|\*|https?:/);
    expect(buildCsp({ extraConnect: ['ws://127.0.0.1:1234'] })).toContain("connect-src 'self' ws://127.0.0.1:1234");
  });

  it('renderer/index.html carries the same CSP as a meta tag', () => {
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(read('renderer/index.html'));
    expect(meta?.[1]).toBe(buildCsp({ forMetaTag: true }));
  });

  it('the app:// page is the trusted sender; the same path from another scheme or host is not', () => {
    expect(isTrustedSender({ url: APP_PAGE_URL, parent: null }, APP_PAGE_URL)).toBe(true);
    expect(isTrustedSender({ url: 'app://evil/index.html', parent: null }, APP_PAGE_URL)).toBe(false);
    expect(isTrustedSender({ url: 'file:///index.html', parent: null }, APP_PAGE_URL)).toBe(false);
    expect(APP_SCHEME_PRIVILEGES.privileges).toMatchObject({ standard: true, secure: true, bypassCSP: false });
  });

  it('accepts IPC only from our own top-level page', () => {
    const page = 'file:///opt/Benchlink/resources/app.asar/dist/index.html';
    expect(isTrustedSender({ url: page, parent: null }, page)).toBe(true);
    expect(isTrustedSender({ url: `${page}#settings`, parent: null }, page)).toBe(true);
    expect(isTrustedSender({ url: page, parent: {} }, page)).toBe(false); // a subframe
    expect(isTrustedSender({ url: 'file:///tmp/evil.html', parent: null }, page)).toBe(false);
    expect(isTrustedSender({ url: 'https://evil.example/', parent: null }, page)).toBe(false);
    expect(isTrustedSender({ url: 'not a url', parent: null }, page)).toBe(false);
    expect(isTrustedSender(null, page)).toBe(false);
  });

  it('the preload exposes one namespaced API, forwards only, and leaks no ipcRenderer', () => {
    const src = read('preload/index.ts');
    expect(src.match(/exposeInMainWorld\(/g)).toHaveLength(1);
    expect(src).toContain("exposeInMainWorld('benchlink', api)");
    expect(src).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer/);
    expect(src).not.toMatch(/sendSync|require\(|process\.|remote/);
    const imports = [...src.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    expect(imports.sort()).toEqual(['../shared/ipc/api.js', 'electron']);
    expect([IPC_INVOKE, IPC_EVENT]).toEqual(['benchlink:invoke', 'benchlink:event']);
  });

  it('main/electron denies navigation, window.open, webviews and permissions', () => {
    const src = read('main/electron/hardening.ts');
    for (const needle of [
      "'will-navigate'",
      "'will-redirect'",
      "'will-attach-webview'",
      "setWindowOpenHandler(() => ({ action: 'deny' }))",
      'setPermissionRequestHandler',
      'setPermissionCheckHandler',
      'enableSandbox()',
    ]) {
      expect(src, needle).toContain(needle);
    }
    expect(read('main/electron/entry.ts')).toContain('requestSingleInstanceLock(');
  });
});
