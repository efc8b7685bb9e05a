import { z } from 'zod';
import {
  answerBoolean,
  answerNumber,
  answerOptionalText,
  answerSuccess,
  answerText,
  requireOneOf,
} from './primitives.js';

/**
 * A sequence as answered. The spec strips the internal `type` (and index, Id, _class) from
 * single-sequence reads "where present", so `type` is optional; `circular` may come as text.
 */
export const sequence = z.object({
  name: answerText,
  type: answerOptionalText,
  uuid: answerText,
  sequence: z.string(),
  circular: answerBoolean.transform((c) => c ?? false),
});
export type Sequence = z.infer<typeof sequence>;
/** A sequence once read (the output of `sequence`), for carrying it over IPC. */
export const sequenceRecord = z.strictObject({
  name: z.string(),
  type: z.string().optional(),
  uuid: z.string(),
  sequence: z.string(),
  circular: z.boolean(),
});

export const SEQUENCE_PAGE_SIZE_DEFAULT = 20;
export const SEQUENCE_PAGE_SIZE_MAX = 1000;
export const listSequencesQuery = z.strictObject({
  page: z.coerce.number().int().min(0, 'page is indexed from 0').optional(),
  pageSize: z.coerce.number().int().min(1).max(SEQUENCE_PAGE_SIZE_MAX).optional(),
  name: z.string().optional(),
});
export type ListSequencesQuery = z.infer<typeof listSequencesQuery>;
export const sequenceSummary = z.looseObject({ name: answerText, type: answerOptionalText, uuid: answerText });
export type SequenceSummary = z.infer<typeof sequenceSummary>;
export const listSequencesResponse = z.object({
  items: z.array(sequenceSummary),
  total: answerNumber.optional(),
  success: answerSuccess,
});

/** One sequence, with or without its residues (a summary has only name, type and uuid). */
export type FoundSequence = { full: Sequence } | { summary: SequenceSummary };

/**
 * `GET /sequences?name=` answers "a single matching sequence; that response shape: not shown". A
 * service may answer `{success, sequence}` (as the deprecated fetch does), the sequence object
 * itself, a list page (`{items, total}`) or a bare array. All are read as candidate sequences; the
 * client picks the one with the name it asked for and fetches residues when only a summary came.
 */
const candidate = z.union([
  sequence.transform((full): FoundSequence => ({ full })),
  sequenceSummary.transform((summary): FoundSequence => ({ summary })),
]);
export const singleSequenceResponse = z.union([
  z.object({ sequence }).transform((r): FoundSequence[] => [{ full: r.sequence }]),
  z.object({ items: z.array(candidate) }).transform((r) => r.items),
  z.array(candidate),
  candidate.transform((c) => [c]),
]);

export const fetchSequenceQuery = z
  .strictObject({ name: z.string().optional(), uuid: z.string().optional() })
  .refine(...requireOneOf(['name', 'uuid']));
export const fetchSequenceResponse = z.object({ success: answerSuccess, sequence });
