import type { ServiceConnection } from '../../shared/api/connection.js';
import type { BaseKind } from '../../shared/api/endpoints.js';

const BASE_FIELD = { base: 'baseUrl', files: 'filesUrl', events: 'eventsUrl' } as const satisfies Record<
  BaseKind,
  keyof ServiceConnection
>;

/**
 * The endpoint's URL under its configured address. A base with a path prefix (https://host/api)
 * keeps it: the endpoint path is appended to the address's path, never resolved against the origin
 * or pasted onto the whole string. A query, fragment or user info (which the connection schema
 * refuses) is never carried onto the request: pasted on, `#/home` would swallow every endpoint path.
 */
export function endpointUrl(connection: ServiceConnection, base: BaseKind, path: string): URL {
  const url = new URL(connection[BASE_FIELD[base]]);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  url.search = '';
  url.hash = '';
  url.username = '';
  url.password = '';
  return url;
}

/**
 * GET parameters as a query string: undefined values are left out, everything else is stringified.
 * Spaces go as %20, never as the form encoding's "+": a service that decodes its query as a URL (not as
 * a form) would read "Sample+Registry" as a labsheet named so, and answer every read of it "Not found".
 * %20 means a space to every decoder.
 */
export function toQueryString(query: unknown): string {
  if (query === null || typeof query !== 'object') return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return parts.join('&');
}
