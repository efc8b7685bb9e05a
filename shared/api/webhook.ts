import { z } from 'zod';
import { answerSuccess } from './primitives.js';

export const EVENT_TYPE_HEADER = 'Service-Event-Type';

/**
 * Why a Service-Event-Type value cannot go as a header, or null. A header value must be visible ASCII (no
 * line breaks, which would let a value inject headers); empty means "no Service-Event-Type header". Main
 * checks it on enqueue too: a value Node refuses to send failed on this computer at every try, read as
 * the events address being down, and its webhook (and every one queued after it) never went.
 */
export function eventTypeProblem(value: string): string | null {
  if (value === '') return null;
  if (value.trim() !== value) return 'Service-Event-Type must not start or end with spaces.';
  if (!/^[\x20-\x7e]+$/.test(value))
    return 'Service-Event-Type may only hold visible ASCII characters (no line breaks).';
  if (value.length > 200) return 'Service-Event-Type is at most 200 characters.';
  return null;
}

/** The header's value as an intent carries it: eventTypeProblem's rule. */
export const eventTypeValue = z.string().superRefine((v, ctx) => {
  const problem = eventTypeProblem(v);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});
/** Any JSON object; a string field `event` is used in the request shape. */
export const webhookPayload = z
  .record(z.string(), z.json())
  .refine((p) => p.event === undefined || typeof p.event === 'string', {
    message: 'event must be a string',
    path: ['event'],
  });
export type WebhookPayload = z.infer<typeof webhookPayload>;
/** `{success}` is promised, but an empty 2xx (or 204) is read as `{}`: the payload was taken. */
export const webhookResponse = z.object({ success: answerSuccess });
