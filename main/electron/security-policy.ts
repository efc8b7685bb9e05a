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
