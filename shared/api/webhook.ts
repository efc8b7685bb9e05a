import { z } from 'zod';
import { answerSuccess } from './primitives.js';

export const EVENT_TYPE_HEADER = 'Service-Event-Type';
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
