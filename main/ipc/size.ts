/**
 * At least how many bytes `value` takes as JSON, counted only until that passes `limit` (then Infinity),
 * or null for a cycle. A string's UTF-16 length is no more than its UTF-8 bytes and escapes only add,
 * so this never counts more than JSON.stringify would write. Counting stops at the limit: a message
 * whose parts are one object repeated (structured-clone IPC keeps such sharing: 331 bytes on the wire
 * made 2^30 copies) cannot make main spell it all out.
 */
function leastJsonBytes(value: unknown, limit: number): number | null {
  let total = 0;
  const open = new Set<object>();
  const visit = (v: unknown): boolean => {
    if (typeof v === 'string') total += v.length + 2;
    // A number, true, null: a byte or more, but undefined is none at the top, so none is counted.
    else if (typeof v !== 'object' || v === null) return total <= limit;
    else if (typeof (v as { toJSON?: unknown }).toJSON === 'function') total += 1;
    else {
      if (open.has(v)) throw new Cycle();
      open.add(v);
      total += 2;
      if (Array.isArray(v)) {
        // A comma between items, holes included (each is written null): a long sparse array is over at once.
        total += Math.max(0, (v as unknown[]).length - 1);
        for (const item of v as unknown[]) if (total > limit || !visit(item)) return false;
      } else {
        for (const [key, inner] of Object.entries(v)) {
          // Left out of JSON altogether, so counted as nothing.
          if (inner === undefined || typeof inner === 'function' || typeof inner === 'symbol') continue;
          total += key.length + 3;
          if (total > limit || !visit(inner)) return false;
        }
      }
      open.delete(v);
    }
    return total <= limit;
  };
  try {
    return visit(value) ? total : Infinity;
  } catch (err) {
    if (err instanceof Cycle) return null;
    throw err;
  }
}

class Cycle extends Error {}

/**
 * Bytes of a message as JSON; Infinity when it is surely more than `limit` (not spelled out to find
 * how much more); null when it cannot be serialized (cycles, BigInt, nesting past the stack): such a
 * message cannot have come from a well-behaved renderer and is refused as invalid.
 */
export function jsonBytes(message: unknown, limit: number): number | null {
  try {
    const least = leastJsonBytes(message, limit);
    if (least === null || least === Infinity) return least;
    const text = JSON.stringify(message);
    return text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
  } catch {
    return null;
  }
}
