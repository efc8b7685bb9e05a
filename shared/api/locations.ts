import { z } from 'zod';
import { answerOptionalText, answerSuccess, answerText, nameField, nonEmpty } from './primitives.js';

/** Request shape not shown in the spec; DESIGN.md fixes it. `parent` is a location name or uuid. */
export const createLocationsRequest = z.strictObject({
  locations: z
    .array(z.strictObject({ name: nameField, parent: z.string().optional() }))
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
