import { z } from 'zod';

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
 * Error body: `success: false` and the table's `message`. Extra properties may appear; ours is
 * `reason`, a human sentence naming what was wrong (the field, the position, the missing permission).
 */
export const errorBody = z.looseObject({
  success: z.union([z.literal(false), z.literal('false')]).optional(),
  message: z.string(),
  reason: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export function errorBodyFor(
  status: ErrorStatus,
  reason?: string,
): { success: false; message: string; reason?: string } {
  return reason === undefined
    ? { success: false, message: ERROR_MESSAGES[status] }
    : { success: false, message: ERROR_MESSAGES[status], reason };
}
