import { app, session, type Session, type WebContents } from 'electron';
import { buildCsp } from '../common/csp.js';
import { ALLOWED_PERMISSIONS } from './security-policy.js';

/**
 * App-wide rules that apply to every web contents, including ones we never meant to create:
 * no navigation, no new windows, no webviews, no permissions, and the CSP on every response.
 */
export function hardenApp(): void {
  app.enableSandbox();
  app.on('web-contents-created', (_e, contents) => hardenContents(contents));
}

export function hardenContents(contents: WebContents): void {
  contents.on('will-navigate', (e) => e.preventDefault());
  contents.on('will-redirect', (e) => e.preventDefault());
  contents.on('will-attach-webview', (e) => e.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

export function hardenSession(ses: Session): void {
  ses.setPermissionRequestHandler((_wc, permission, callback) => callback(ALLOWED_PERMISSIONS.includes(permission)));
  ses.setPermissionCheckHandler((_wc, permission) => ALLOWED_PERMISSIONS.includes(permission));
  ses.setDevicePermissionHandler(() => false);
  const csp = buildCsp();
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
}

export const defaultSession = (): Session => session.defaultSession;
