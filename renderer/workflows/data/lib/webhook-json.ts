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
 * A header value must be visible ASCII (no line breaks, which would let a value inject headers).
 * Empty means "no Service-Event-Type header".
 */
export function eventTypeProblem(value: string): string | null {
  if (value === '') return null;
  if (value.trim() !== value) return 'Service-Event-Type must not start or end with spaces.';
  if (!/^[\x20-\x7e]+$/.test(value))
    return 'Service-Event-Type may only hold visible ASCII characters (no line breaks).';
  if (value.length > 200) return 'Service-Event-Type is at most 200 characters.';
  return null;
}
