import { app, protocol, session, type Session, type WebContents } from 'electron';
import { buildCsp } from '../common/csp.js';
import { answerAppRequest, APP_PAGE_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES } from './app-protocol.js';
import { permissionAllowed } from './security-policy.js';

/**
 * App-wide rules that apply to every web contents, including ones we never meant to create:
 * no navigation, no new windows, no webviews, no permission but copying text, and the CSP on every response.
 */
export function hardenApp(): void {
  app.enableSandbox();
  // Before 'ready', as Electron requires: the renderer's own origin (main/electron/app-protocol.ts).
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME_PRIVILEGES.scheme, privileges: { ...APP_SCHEME_PRIVILEGES.privileges } },
  ]);
  app.on('web-contents-created', (_e, contents) => hardenContents(contents));
}

export function hardenContents(contents: WebContents): void {
  contents.on('will-navigate', (e) => e.preventDefault());
  // Covers every frame, subframes included (will-navigate sees only the main frame).
  contents.on('will-frame-navigate', (e) => e.preventDefault());
  contents.on('will-redirect', (e) => e.preventDefault());
  contents.on('will-attach-webview', (e) => e.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

export function hardenSession(ses: Session): void {
  ses.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(permissionAllowed(permission, details.requestingUrl, APP_PAGE_URL)),
  );
  ses.setPermissionCheckHandler((_wc, permission, requestingOrigin) =>
    permissionAllowed(permission, requestingOrigin, APP_PAGE_URL),
  );
  ses.setDevicePermissionHandler(() => false);
  const csp = buildCsp();
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
}

/** Serves the built renderer on app://benchlink with the CSP as a response header. */
export function serveApp(ses: Session, distDir: string): void {
  ses.protocol.handle(APP_SCHEME, async (request) => {
    const a = await answerAppRequest(distDir, request.method, request.url);
    return new Response(typeof a.body === 'string' ? a.body : new Uint8Array(a.body), {
      status: a.status,
      headers: a.headers,
    });
  });
}

export const defaultSession = (): Session => session.defaultSession;
