import { z } from 'zod';
import { nonEmpty, removalField, successFlag, wellLabel } from './primitives.js';

export const wellSample = z.strictObject({ id: nonEmpty, labsheet: nonEmpty });
export type WellSample = z.infer<typeof wellSample>;

/**
 * A well assignment. The spec marks sample, tags and label required "in its shape" yet says kinds
 * may be combined; requiring all three would force a caller to resend a sample just to set a label.
 * So a field that is present is set, an absent one is left as it is, and at least one must be present.
 */
export const wellAssignment = z
  .strictObject({
    position: nonEmpty,
    sample: wellSample.optional(),
    tags: z.array(z.string()).optional(),
    label: wellLabel.optional(),
  })
  .refine((w) => w.sample !== undefined || w.tags !== undefined || w.label !== undefined, {
    message: 'a well needs at least one of sample, tags or label',
  });
export type WellAssignment = z.infer<typeof wellAssignment>;

export const wellRemoval = z.strictObject({
  position: nonEmpty,
  fields: z.array(removalField).min(1, 'name at least one of SAMPLE, LABEL, TAGS'),
});
export type WellRemoval = z.infer<typeof wellRemoval>;

export const manifestIdentifierQuery = z
  .strictObject({ uuid: z.string().optional(), hrid: z.string().optional(), barcode: z.string().optional() })
  .refine((q) => [q.uuid, q.hrid, q.barcode].filter((v) => v !== undefined && v !== '').length === 1, {
    message: 'exactly one of uuid, hrid, barcode is required',
  });
export type ManifestIdentifier = z.infer<typeof manifestIdentifierQuery>;

/** Wells as the sandbox reports them (an extra property of fetch-metadata; a real service may omit it). */
export const wellContent = z.object({
  position: z.string(),
  sample: z.object({ id: z.string(), labsheet: z.string() }).nullable().optional(),
  tags: z.array(z.string()).optional(),
  label: z.string().optional(),
});
export type WellContent = z.infer<typeof wellContent>;

export const manifestMetadata = z.object({
  name: z.string(),
  template: z.string(),
  uuid: z.string(),
  hrid: z.string(),
  barcode: z.string(),
  emptySpaces: z.union([z.string(), z.number()]).transform(String),
  lastUpdate: z.string(),
  success: successFlag,
  /** Extras the sandbox sends so the plate map can draw current contents; optional for real services. */
  layout: z.object({ rows: z.number().int().positive(), columns: z.number().int().positive() }).optional(),
  wells: z.array(wellContent).optional(),
});
export type ManifestMetadata = z.infer<typeof manifestMetadata>;

export const updateManifestRequest = z
  .strictObject({
    hrid: z.string().optional(),
    uuid: z.string().optional(),
    plate: z.strictObject({
      wells: z.array(wellAssignment).optional(),
      removeFromWells: z.array(wellRemoval).optional(),
    }),
  })
  .refine((r) => Boolean(r.hrid || r.uuid), { message: 'one of hrid or uuid is required', path: ['hrid'] })
  .refine((r) => (r.plate.wells?.length ?? 0) + (r.plate.removeFromWells?.length ?? 0) > 0, {
    message: 'plate needs at least one entry in wells or removeFromWells',
    path: ['plate'],
  });
export type UpdateManifestRequest = z.infer<typeof updateManifestRequest>;
export const updateManifestResponse = z.object({
  success: successFlag,
  message: z.string(),
  data: z.looseObject({ hrid: z.string() }),
});
