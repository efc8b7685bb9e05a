import { z } from 'zod';
import { nameField, nonEmpty, successFlag } from './primitives.js';

/** Request shape not shown in the spec; DESIGN.md fixes it. `parent` is a location name or uuid. */
export const createLocationsRequest = z.strictObject({
  locations: z.array(z.strictObject({ name: nameField, parent: z.string().optional() })).min(1, 'at least one location'),
});
export type CreateLocationsRequest = z.infer<typeof createLocationsRequest>;
export const createLocationsResponse = z.object({ success: successFlag, requestId: z.string() });

export const LOCATION_STATUS_COMPLETED = 'COMPLETED';
export const locationStatusQuery = z.strictObject({ requestId: nonEmpty });
export const createdLocation = z.object({ name: z.string(), uuid: z.string() });
export type CreatedLocation = z.infer<typeof createdLocation>;
export const locationStatusResponse = z.object({
  success: successFlag,
  requestId: z.string(),
  /** `COMPLETED` is the one value the spec shows; the sandbox also says `IN_PROGRESS`. */
  status: z.string(),
  message: z.string().optional().default(''),
  result: z.object({ created: z.array(createdLocation) }).optional(),
});
export type LocationStatus = z.infer<typeof locationStatusResponse>;
