/** Keys whose values never reach a log, whatever the channel says. */
const SECRET_KEY = /token|secret|password|passwd|authori[sz]ation|cookie|api[-_]?key|credential/i;

const MAX_DEPTH = 3;
const MAX_KEYS = 12;
const MAX_STRING = 40;

/**
 * A small, safe picture of a payload for a log line: secret-looking keys redacted, strings cut,
 * depth and width bounded. Hostile payloads are logged as their shape, never in full.
 */
export function redactForLog(value: unknown, extraSecretKeys: readonly string[] = [], depth = 0): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value === 'string')
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…(${value.length})` : value;
  if (typeof value !== 'object') return `[${typeof value}]`;
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? `[array(${value.length})]` : '[object]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_KEYS).map((v) => redactForLog(v, extraSecretKeys, depth + 1));
    return value.length > MAX_KEYS ? [...items, `…(${value.length})`] : items;
  }
  // A null-prototype object: keys like "__proto__" stay plain data instead of touching a prototype.
  const out: Record<string, unknown> = Object.create(null);
  const keys = Object.keys(value);
  for (const key of keys.slice(0, MAX_KEYS)) {
    const safeKey = key.length > MAX_STRING ? `${key.slice(0, MAX_STRING)}…` : key;
    out[safeKey] = isSecretKey(key, extraSecretKeys)
      ? '[redacted]'
      : redactForLog((value as Record<string, unknown>)[key], extraSecretKeys, depth + 1);
  }
  if (keys.length > MAX_KEYS) out['…'] = `${keys.length} keys`;
  return out;
}

export function isSecretKey(key: string, extra: readonly string[] = []): boolean {
  return SECRET_KEY.test(key) || extra.includes(key);
}

/** Channel names come from the sender: keep only a short, printable version for logs. */
export function safeLabel(name: unknown): string {
  if (typeof name !== 'string') return `[${name === null ? 'null' : typeof name}]`;
  const clean = name.replace(/[^\w.:-]/g, '?');
  return clean.length > 64 ? `${clean.slice(0, 64)}…` : clean;
}
