import { z } from 'zod';
import type { Intent } from './intents.js';

/**
 * Which field of an entry an earlier entry's result fills, from which key of that result. A closed
 * list, not free paths: a renderer cannot make the outbox write arbitrary fields. It grows by need;
 * today attach-image takes the file id of an upload (files/store-and-embed answers fileId).
 */
export const supply = z.strictObject({
  field: z.literal('request.image_uuid'),
  from: z.literal('fileId'),
});
export type Supply = z.infer<typeof supply>;

/** An entry of a batch that waits for an earlier entry of the same batch (by index) and takes a field from it. */
export const batchDependency = z.strictObject({
  entry: z.number().int().nonnegative(),
  after: z.number().int().nonnegative(),
  supplies: supply,
});
export type BatchDependency = z.infer<typeof batchDependency>;

/** What a dependent entry carries in its supplied field until the earlier entry is done. */
export const SUPPLIED_LATER = 'supplied-by-an-earlier-entry';

/** The intent with the supplied field set, or why it cannot be: the earlier result lacks the value. */
export function supplied(i: Intent, s: Supply, result: unknown): { intent: Intent } | { missing: string } {
  const value = result !== null && typeof result === 'object' ? (result as Record<string, unknown>)[s.from] : undefined;
  if (typeof value !== 'string' || value === '') return { missing: s.from };
  if (s.field === 'request.image_uuid' && i.type === 'attach-image')
    return { intent: { ...i, request: { ...i.request, image_uuid: value } } };
  return { missing: s.field };
}
