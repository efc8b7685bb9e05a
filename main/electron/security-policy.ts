/**
 * The renderer's security configuration as plain data: no `electron` import, so the browser host
 * serves the same CSP and a unit test asserts the exact objects Electron is given.
 */

/** Content-Security-Policy: only our own bundled files; no inline script, eval, remote content, frames or plugins. */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'media-src': ["'self'"],
  'manifest-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'worker-src': ["'none'"],
});

/** `extraConnect` lets the browser host allow exactly its own WebSocket origin. */
export function buildCsp(opts: { extraConnect?: readonly string[]; forMetaTag?: boolean } = {}): string {
  return Object.entries(CSP_DIRECTIVES)
    // frame-ancestors is ignored (with a console error) inside a meta tag; headers carry it.
    .filter(([name]) => !(opts.forMetaTag && name === 'frame-ancestors'))
    .map(([name, values]) => [name, ...values, ...(name === 'connect-src' ? (opts.extraConnect ?? []) : [])].join(' '))
    .join('; ');
}

/** BrowserWindow webPreferences: the renderer is a sandboxed web page with only the preload bridge. */
export const WEB_PREFERENCES = Object.freeze({
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  spellcheck: false,
  safeDialogs: true,
});

export function windowOptions(preloadPath: string) {
  return {
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Benchlink',
    backgroundColor: '#ffffff',
    webPreferences: { ...WEB_PREFERENCES, preload: preloadPath },
  };
}

/** Permission requests (camera, geolocation, notifications, HID from the page…) are all denied. */
export const ALLOWED_PERMISSIONS: readonly string[] = Object.freeze([]);

/**
 * VS Code's validatedIpcMain idea: accept IPC only from our own top-level frame showing our own
 * page. Structural types so this check runs (and is tested) without Electron.
 */
export interface SenderFrameLike {
  url: string;
  parent: unknown;
}
export function isTrustedSender(frame: SenderFrameLike | null | undefined, appPageUrl: string): boolean {
  if (!frame || frame.parent !== null) return false;
  try {
    const u = new URL(frame.url);
    const app = new URL(appPageUrl);
    return u.protocol === app.protocol && u.host === app.host && u.pathname === app.pathname;
  } catch {
    return false;
  }
}
