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
