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

/**
 * An entry of a batch that waits for an earlier entry of the same batch (by index): it goes only once that
 * one is done, fails along when it fails, and goes again with it. `supplies`: it takes a field of that
 * one's answer; without it the wait is the whole point (a plate.completed event goes only once its
 * record's picture is on the page).
 */
export const batchDependency = z.strictObject({
  entry: z.number().int().nonnegative(),
  after: z.number().int().nonnegative(),
  supplies: supply.optional(),
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

/** What an intent holds in a supplied field (the stand-in until filled), or undefined when it has no such field. */
function heldIn(i: Intent, s: Supply): string | undefined {
  return s.field === 'request.image_uuid' && i.type === 'attach-image' ? i.request.image_uuid : undefined;
}

/**
 * Whether a correction of a dependent entry leaves its supplied field as the dependency fills it: the
 * stand-in, or the very value the earlier entry's answer gives. Anything else would be replaced when it
 * is sent (withSuppliedFields), so the user's edit of it would silently not count.
 */
export function keepsSupplied(i: Intent, s: Supply, result: unknown): boolean {
  const held = heldIn(i, s);
  if (held === SUPPLIED_LATER) return true;
  const filled = supplied(i, s, result);
  return held !== undefined && 'intent' in filled && heldIn(filled.intent, s) === held;
}
