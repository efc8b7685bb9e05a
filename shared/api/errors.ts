import { z } from 'zod';
import { answerSuccess } from './primitives.js';

/** The spec's status <-> message table. The sandbox answers with it; the client maps it to typed errors. */
export const ERROR_MESSAGES = {
  400: 'Bad request',
  401: 'Invalid Authentication Token',
  403: 'Missing Authentication Token',
  404: 'Not found',
  409: 'Conflict',
  422: 'Validation error',
  500: 'Operation failed',
} as const;
export type ErrorStatus = keyof typeof ERROR_MESSAGES;

/**
 * A text field a service may also send as null, empty or as something else (a framework's `error` as an
 * object): read as absent, so the rest of the body is still read.
 */
const saidText = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' && v.trim() ? v : undefined));

/**
 * Error body: `success: false` and the table's `message`. Extra properties may appear; ours is
 * `reason`, a human sentence naming what was wrong (the field, the position, the missing permission).
 * `success` is read as every answer's is ("False", 0); a null or empty message or reason is absent,
 * and with no message a framework's own `error` or `title` (Spring's default error body, RFC 9457)
 * says what it was. Refused as a whole, such a body was shown to the user as its raw JSON.
 */
export const errorBody = z
  .looseObject({
    success: answerSuccess.refine((v) => v !== true),
    message: saidText,
    error: saidText,
    title: saidText,
    reason: saidText,
  })
  .transform(({ message, error, title, reason }) => ({ message: message ?? error ?? title, reason }))
  .refine((b) => b.message !== undefined || b.reason !== undefined);
export type ErrorBody = z.infer<typeof errorBody>;

export function errorBodyFor(
  status: ErrorStatus,
  reason?: string,
): { success: false; message: string; reason?: string } {
  return reason === undefined
    ? { success: false, message: ERROR_MESSAGES[status] }
    : { success: false, message: ERROR_MESSAGES[status], reason };
}

/**
 * The status a spec message stands for. The spec states status per message only for create labsheet;
 * "on other endpoints the messages recur and are expected to use the same meanings", with their
 * status not shown — so a recognised message means what the table says, whatever status carried it.
 * Matched ignoring case and spacing: "Not Found" is the same word (matched exactly, it was read as a
 * failure of the service and tried again eight times).
 */
export function statusOfMessage(message: string | undefined): ErrorStatus | undefined {
  if (message === undefined) return undefined;
  const said = message.trim().replace(/\s+/g, ' ').toLowerCase();
  const entry = Object.entries(ERROR_MESSAGES).find(([, m]) => m.toLowerCase() === said);
  return entry ? (Number(entry[0]) as ErrorStatus) : undefined;
}
