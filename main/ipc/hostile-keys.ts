/** Keys that can reach an object's prototype when code later copies or merges the data. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
export const MAX_DEPTH = 32;

/**
 * Finds the first prototype-pollution key or excessive nesting in a message, or null. Some
 * schemas would silently drop such keys (zod's record does); refusing them outright makes a
 * hostile message visible in the log instead of half-accepted.
 */
export function findHostileShape(value: unknown, depth = 0): string | null {
  if (typeof value !== 'object' || value === null) return null;
  if (depth > MAX_DEPTH) return `nesting deeper than ${MAX_DEPTH}`;
  for (const key of Object.keys(value)) {
    // Trimmed too: a schema that trims its record keys would turn " constructor " into one.
    if (FORBIDDEN.has(key) || FORBIDDEN.has(key.trim())) return `forbidden key "${key}"`;
    const inner = findHostileShape((value as Record<string, unknown>)[key], depth + 1);
    if (inner) return inner;
  }
  return null;
}
