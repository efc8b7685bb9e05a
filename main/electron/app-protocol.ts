import { buildCsp } from '../common/csp.js';
import { readStatic } from '../common/static-files.js';

/**
 * The renderer is served from a custom scheme, not file://: with file:// the CSP's 'self' covers
 * every file on the disk and no response carries headers. app://benchlink is its own origin, and
 * every answer carries the CSP as a header. Plain data and a plain function, so tests check the
 * exact values Electron is given without Electron.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'benchlink';
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * Registered before the app is ready. `standard` gives it an origin (so 'self' means this app only)
 * and `secure` makes it a secure context; no CSP bypass, no service workers, no CORS from elsewhere.
 */
export const APP_SCHEME_PRIVILEGES = Object.freeze({
  scheme: APP_SCHEME,
  privileges: Object.freeze({
    standard: true,
    secure: true,
    supportFetchAPI: true,
    bypassCSP: false,
    allowServiceWorkers: false,
    corsEnabled: false,
    stream: false,
    codeCache: false,
  }),
});

/** Headers on every app:// answer: the CSP (the header form, frame-ancestors included) and no sniffing. */
export function appResponseHeaders(contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Security-Policy': buildCsp(),
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  };
}

export interface AppAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

/**
 * Answers one app:// request from the built renderer in `distDir`. Only GET on our own host; a
 * path outside dist/ (.., encoded slashes) or a missing file is 404, with the same headers.
 */
export async function answerAppRequest(distDir: string, method: string, url: string): Promise<AppAnswer> {
  const text = (status: number, body: string): AppAnswer => ({
    status,
    headers: appResponseHeaders('text/plain; charset=utf-8'),
    body,
  });
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return text(400, 'Bad request.');
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST) return text(404, 'Not found.');
  if (method !== 'GET' && method !== 'HEAD') return text(405, 'Method not allowed.');
  const file = await readStatic(distDir, u.pathname === '/' ? '/index.html' : u.pathname);
  if (!file) return text(404, 'Not found.');
  return { status: 200, headers: appResponseHeaders(file.type), body: method === 'HEAD' ? '' : file.body };
}
