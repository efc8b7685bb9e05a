import type { ConnectionSetting } from './settings.js';

/**
 * Which Lab Data Service a connection setting points at, as one comparable string. A queued change
 * is bound to the service it was made for and is only ever sent there: switching the connection
 * must not send real work to the demo sandbox, or demo writes to production.
 *
 * Everything that decides where a request lands is in it (kind, all three addresses, the API mode),
 * in a fixed key order, with each address normalised the way `URL` reads it, so "https://Lab.org/api/"
 * and "https://lab.org/api" are one service and a typo'd port is another. The local sandbox has no
 * address of its own (its port changes each run), so it is named by its mode alone.
 */
export function serviceIdentity(c: ConnectionSetting): string {
  if (c.kind === 'local-sandbox') return JSON.stringify({ kind: c.kind, mode: c.mode });
  return JSON.stringify({
    kind: c.kind,
    baseUrl: normaliseUrl(c.baseUrl),
    filesUrl: normaliseUrl(c.filesUrl),
    eventsUrl: normaliseUrl(c.eventsUrl),
    mode: c.mode,
  });
}

function normaliseUrl(url: string): string {
  try {
    return new URL(url).href.replace(/\/+$/, '');
  } catch {
    // The schema refuses such an address; kept verbatim so it can never equal a valid one.
    return url;
  }
}

/** Whether an identity names the embedded local sandbox (its demo lab), in either API mode. */
export function isLocalSandbox(identity: string): boolean {
  try {
    const v: unknown = JSON.parse(identity);
    return typeof v === 'object' && v !== null && (v as Record<string, unknown>)['kind'] === 'local-sandbox';
  } catch {
    return false;
  }
}

/**
 * The service an identity names, in words for "N changes are waiting for …". Read leniently: an
 * identity stored by an older version still gets a name (the raw string, at worst).
 */
export function serviceLabel(identity: string): string {
  let v: unknown;
  try {
    v = JSON.parse(identity);
  } catch {
    return identity || 'another service';
  }
  if (typeof v !== 'object' || v === null) return identity;
  const o = v as Record<string, unknown>;
  const mode = o['mode'] === 'legacy' ? 'legacy API' : 'API v2';
  if (o['kind'] === 'local-sandbox') return `the local sandbox (${mode})`;
  if (typeof o['baseUrl'] !== 'string') return identity;
  const others = [o['filesUrl'], o['eventsUrl']].filter((u) => typeof u === 'string' && u !== o['baseUrl']);
  return `${o['baseUrl']} (${mode}${others.length > 0 ? `; files/events at ${others.join(', ')}` : ''})`;
}
