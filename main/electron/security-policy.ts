/**
 * The window's security configuration as plain data: no `electron` import, so a unit test asserts the
 * exact objects Electron is given. The CSP both shells send is in main/common/csp.ts.
 */

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
  // A scan from a HID POS scanner reaches the page through main, not as a user gesture, so under a
  // gesture-required policy the first scans after start would be silent. Electron's default is
  // this already; stated so a change of default cannot take the tones away.
  autoplayPolicy: 'no-user-gesture-required',
  // HID POS scanners keep scanning while the window is behind another one (the LIMS in front): an
  // occluded window's timers must not be slowed to once a second, or the scan's tone, flash and
  // double-read window lag behind the tube in the user's hand.
  backgroundThrottling: false,
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

/**
 * Every permission (camera, geolocation, notifications, HID from the page…) is denied but writing text
 * the user asked to copy: the page's Copy buttons (a uuid, an error to send IT) call
 * navigator.clipboard.writeText, which Chromium checks as `clipboard-sanitized-write` and which a
 * deny-all handler made fail silently. Reading the clipboard stays denied.
 */
export const ALLOWED_PERMISSIONS: readonly string[] = Object.freeze(['clipboard-sanitized-write']);

/** Whether `permission` is granted to a request from `requestingUrl`: an allowed one, asked by our own page. */
export function permissionAllowed(permission: string, requestingUrl: string | undefined, appPageUrl: string): boolean {
  if (!ALLOWED_PERMISSIONS.includes(permission) || !requestingUrl) return false;
  try {
    // By scheme and host: a URL's `origin` is "null" for a scheme WHATWG does not know, app:// among them.
    const asked = new URL(requestingUrl);
    const app = new URL(appPageUrl);
    return asked.protocol === app.protocol && asked.host === app.host;
  } catch {
    return false;
  }
}

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
