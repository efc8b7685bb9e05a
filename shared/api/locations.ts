import { z } from 'zod';
import { answerOptionalText, answerSuccess, answerText, nonEmpty } from './primitives.js';

/**
 * The spec caps labsheet and column names at 30 characters, not location names ("Freezer -80 A, shelf 2,
 * rack 4" is longer): this bound only keeps a pasted paragraph from being sent as a name.
 */
export const LOCATION_NAME_MAX = 200;
export const locationName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(LOCATION_NAME_MAX, `at most ${LOCATION_NAME_MAX} characters`);

/** Request shape not shown in the spec; DESIGN.md fixes it. `parent` is a location name or uuid. */
export const createLocationsRequest = z.strictObject({
  locations: z
    .array(z.strictObject({ name: locationName, parent: z.string().optional() }))
    .min(1, 'at least one location'),
});
export type CreateLocationsRequest = z.infer<typeof createLocationsRequest>;
/** The spec promises only `requestId`. */
export const createLocationsResponse = z.object({ success: answerSuccess, requestId: answerText });

export const LOCATION_STATUS_COMPLETED = 'COMPLETED';
/** Whether a location request's status says it is done: the spec's COMPLETED, in whatever case a service writes it. */
export const isLocationCompleted = (status: string): boolean =>
  status.trim().toUpperCase() === LOCATION_STATUS_COMPLETED;
/**
 * Statuses of a location request that will never turn into COMPLETED. The spec shows only COMPLETED;
 * these are the usual words (FAILED, ERROR, REJECTED, CANCELLED).
 */
export const LOCATION_STATUS_FAILED = /FAIL|ERROR|REJECT|CANCEL/i;

/**
 * Where a location request stands by its status: the one reading of it, for main's follow (which settles
 * the outbox entry) and the Data screen's, so the two never disagree on the same answer.
 */
export function locationRequestOutcome(status: string): 'completed' | 'failed' | 'in progress' {
  if (isLocationCompleted(status)) return 'completed';
  return LOCATION_STATUS_FAILED.test(status) ? 'failed' : 'in progress';
}

/**
 * How long a location request is followed after its create was answered: main reads its status at least
 * this long before it leaves the entry unsure, and the Data screen waits this long for main's verdict. One
 * constant, so the screen never shows a request completed while its Outbox entry says "look on the service".
 */
export const LOCATION_FOLLOW_MS = 60_000;
export const locationStatusQuery = z.strictObject({ requestId: nonEmpty });
export const createdLocation = z.object({ name: answerText, uuid: answerText });
export type CreatedLocation = z.infer<typeof createdLocation>;
export const locationStatusResponse = z.object({
  success: answerSuccess,
  requestId: answerOptionalText,
  /** `COMPLETED` is the one value the spec shows; the sandbox also says `IN_PROGRESS`. */
  status: answerText,
  message: answerOptionalText,
  /** Absent or null until the request completes. */
  result: z
    .object({
      created: z
        .array(createdLocation)
        .nullish()
        .transform((c) => c ?? []),
    })
    .nullish()
    .transform((r) => r ?? undefined),
});
export type LocationStatus = z.infer<typeof locationStatusResponse>;

/**
 * What main's follow leaves on a location create's entry once its request completed (the create's own answer
 * holds only the requestId): the created uuids, kept with the entry.
 */
export const followedLocationResult = z.object({
  requestId: z.string(),
  status: z.string(),
  created: z.array(createdLocation),
});
export type FollowedLocationResult = z.infer<typeof followedLocationResult>;
