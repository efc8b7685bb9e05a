import { z } from 'zod';
import { successFlag } from './primitives.js';

export const sequence = z.object({
  name: z.string(),
  type: z.string(),
  uuid: z.string(),
  sequence: z.string(),
  circular: z.boolean(),
});
export type Sequence = z.infer<typeof sequence>;

export const SEQUENCE_PAGE_SIZE_DEFAULT = 20;
export const SEQUENCE_PAGE_SIZE_MAX = 1000;
export const listSequencesQuery = z.strictObject({
  page: z.coerce.number().int().min(0, 'page is indexed from 0').optional(),
  pageSize: z.coerce.number().int().min(1).max(SEQUENCE_PAGE_SIZE_MAX).optional(),
  name: z.string().optional(),
});
export type ListSequencesQuery = z.infer<typeof listSequencesQuery>;
export const sequenceSummary = z.looseObject({ name: z.string(), type: z.string(), uuid: z.string() });
export const listSequencesResponse = z.object({
  items: z.array(sequenceSummary),
  total: z.number(),
  success: successFlag,
});
/** With `name` the listing answers one sequence; its shape is not shown, so it mirrors the deprecated fetch. */
export const singleSequenceResponse = z.object({ success: successFlag, sequence });

export const fetchSequenceQuery = z
  .strictObject({ name: z.string().optional(), uuid: z.string().optional() })
  .refine((q) => Boolean(q.name || q.uuid), { message: 'one of name or uuid is required' });
export const fetchSequenceResponse = singleSequenceResponse;
