import { webhookPayload, type WebhookPayload } from '../../../../shared/api/webhook.js';

export type WebhookParse =
  { ok: true; payload: WebhookPayload } | { ok: false; message: string; line?: number; column?: number };

/** Line and column (1-based) of a character offset, so a JSON error points at the spot. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/**
 * The webhook body as the spec allows it: any JSON object (not an array or a bare value), whose
 * `event` field, when present, is a string. Errors say where, because the editor is free text.
 */
export function parseWebhookJson(text: string): WebhookParse {
  if (text.trim() === '')
    return { ok: false, message: 'The payload is empty; write a JSON object such as {"event": "sample.received"}.' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const pos = /position (\d+)/.exec(reason);
    if (!pos) return { ok: false, message: `Not valid JSON: ${reason}` };
    const at = lineColumnAt(text, Number(pos[1]));
    return { ok: false, message: `Not valid JSON at line ${at.line}, column ${at.column}: ${reason}`, ...at };
  }
  const big = unsafeInteger(text);
  if (big) {
    const at = lineColumnAt(text, big.offset);
    const sent = String(Number(big.digits));
    return {
      ok: false,
      message:
        `${big.digits} at line ${at.line}, column ${at.column} is too large to be sent exactly: whole numbers ` +
        `beyond ${Number.MAX_SAFE_INTEGER} lose their last digits${sent === big.digits ? '' : ` (this one would go as ${sent})`}. ` +
        `Send it as a string instead: "${big.digits}".`,
      ...at,
    };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'The payload must be a JSON object ({ … }), not an array or a single value.' };
  }
  const checked = webhookPayload.safeParse(value);
  if (!checked.success) {
    const i = checked.error.issues[0];
    return { ok: false, message: `${i?.path.join('.') || 'payload'}: ${i?.message ?? 'invalid'}` };
  }
  return { ok: true, payload: checked.data };
}

/**
 * The first integer written in valid JSON `text` that a JavaScript number cannot hold exactly (beyond
 * Number.MAX_SAFE_INTEGER): JSON.parse rounds it without a word, and 12345678901234567891 was sent as
 * 12345678901234567000. Numbers inside strings are not numbers; a fraction or an exponent is a decimal,
 * rounded as its writer expects.
 */
function unsafeInteger(text: string): { digits: string; offset: number } | null {
  const token = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
  for (let m = token.exec(text); m !== null; m = token.exec(text)) {
    const t = m[0];
    if (t.startsWith('"') || !/^-?\d+$/.test(t)) continue;
    if (!Number.isSafeInteger(Number(t))) return { digits: t, offset: m.index };
  }
  return null;
}
