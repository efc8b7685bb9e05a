import { z } from 'zod';
import {
  answerOptionalText,
  answerSuccess,
  answerText,
  nonEmpty,
  removalField,
  requireOneOf,
  wellLabel,
} from './primitives.js';

export const wellSample = z.strictObject({ id: nonEmpty, labsheet: nonEmpty });
export type WellSample = z.infer<typeof wellSample>;

/**
 * A well assignment as the service accepts it. The spec lists position, sample, tags and label as
 * "all marked required in its shape", so the app always sends all four (see CompleteWellAssignment):
 * the well's whole intended state, `label: ""` for no label, `tags: []` for none and `sample: null`
 * for no sample (the spec gives sample no empty value of its own). The sandbox, like a tolerant
 * service, also takes a partial well: a present field is set, an absent one is left as it is.
 */
export const wellAssignment = z
  .strictObject({
    position: nonEmpty,
    sample: wellSample.nullable().optional(),
    tags: z.array(z.string()).optional(),
    label: wellLabel.optional(),
  })
  .refine((w) => w.sample !== undefined || w.tags !== undefined || w.label !== undefined, {
    message: 'a well needs at least one of sample, tags or label',
  });
export type WellAssignment = z.infer<typeof wellAssignment>;
/** What the app sends: every field of the spec's well shape, always. */
export interface CompleteWellAssignment {
  position: string;
  sample: WellSample | null;
  tags: string[];
  label: z.infer<typeof wellLabel>;
}

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

/**
 * Wells as the sandbox's `extended` answers report them: not in the spec, so a real service may never
 * send them, and the app treats their absence as "contents unknown" (see the read cache).
 */
export const wellContent = z.object({
  position: answerText,
  sample: z.object({ id: answerText, labsheet: answerOptionalText }).nullable().optional(),
  tags: z.array(answerText).nullish(),
  label: answerOptionalText,
});
export type WellContent = z.infer<typeof wellContent>;

/**
 * Manifest metadata. The spec promises name, template, uuid, hrid, barcode, emptySpaces (a string
 * holding a count), lastUpdate and success; the app needs only uuid and hrid to address a plate, so
 * the rest is read tolerantly (`barcode: null`, a numeric `emptySpaces`, a missing name).
 */
export const manifestMetadata = z.object({
  name: answerOptionalText,
  template: answerOptionalText,
  uuid: answerText,
  hrid: answerText,
  barcode: answerOptionalText,
  /**
   * "a string containing a count": "12", 12 or "12 empty" read as 12; anything else as unknown, and so is
   * none at all (zod 4 refuses a missing key to a bare `unknown()`: such a plate could not be opened).
   */
  emptySpaces: z.unknown().optional().transform(countIn),
  lastUpdate: answerOptionalText,
  success: answerSuccess,
  /** Extras of the sandbox's `extended` answers; a real service does not send them. */
  layout: z
    .object({ rows: z.number().int().positive(), columns: z.number().int().positive() })
    .optional()
    .catch(undefined),
  wells: z.array(wellContent).optional().catch(undefined),
});
export type ManifestMetadata = z.infer<typeof manifestMetadata>;

function countIn(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 0 ? v : undefined;
  if (typeof v !== 'string') return undefined;
  const m = /^\D*?(\d+)/.exec(v);
  return m ? Number(m[1]) : undefined;
}

export const updateManifestRequest = z
  .strictObject({
    hrid: z.string().optional(),
    uuid: z.string().optional(),
    plate: z.strictObject({
      wells: z.array(wellAssignment).optional(),
      removeFromWells: z.array(wellRemoval).optional(),
    }),
  })
  .refine(...requireOneOf(['hrid', 'uuid'], 'hrid'))
  .refine((r) => (r.plate.wells?.length ?? 0) + (r.plate.removeFromWells?.length ?? 0) > 0, {
    message: 'plate needs at least one entry in wells or removeFromWells',
    path: ['plate'],
  });
export type UpdateManifestRequest = z.infer<typeof updateManifestRequest>;
export const updateManifestResponse = z.object({
  success: answerSuccess,
  message: answerOptionalText,
  data: z.looseObject({ hrid: answerOptionalText }).nullish(),
});
