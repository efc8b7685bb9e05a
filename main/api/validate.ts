import type { z } from 'zod';

/** `columns.0.name: must not be empty; name: at most 30 characters` — the paths a person can act on. */
export function describeIssues(error: z.ZodError, limit = 3): string {
  const parts = error.issues.slice(0, limit).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length > limit ? ` (and ${error.issues.length - limit} more)` : '';
  return parts.join('; ') + more;
}

/** JSON.parse that reports failure instead of throwing, so the caller decides which error it is. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    // A byte-order mark before the JSON (some Windows services write one) is no part of it: RFC 8259 lets a
    // parser ignore it, and JSON.parse does not, so a good answer read as "not JSON" (a write's as unreadable).
    return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown };
  } catch {
    // V8's message quotes the start of the text; a body could echo a secret, so describe it instead.
    const size = Buffer.byteLength(text);
    return { ok: false, problem: size === 0 ? 'empty body' : `not valid JSON (${size} bytes)` };
  }
}
