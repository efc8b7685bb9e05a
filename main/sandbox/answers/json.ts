/** Answers are JSON; these helpers read and rewrite them without assuming more than JSON. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The named fields of an object, in that order, leaving out those it does not have. */
export function pick(v: Json, keys: readonly string[]): Json {
  if (!isObject(v)) return v;
  const out: JsonObject = {};
  for (const k of keys) if (k in v) out[k] = v[k]!;
  return out;
}

/** Rewrites `v[key]` when `v` is an object that has it. */
export function mapField(v: Json, key: string, f: (value: Json) => Json): Json {
  if (!isObject(v) || !(key in v)) return v;
  return { ...v, [key]: f(v[key]!) };
}

export function mapItems(v: Json, f: (item: Json) => Json): Json {
  return Array.isArray(v) ? v.map(f) : v;
}
