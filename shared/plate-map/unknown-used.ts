import type { CachedManifest } from '../ipc/channels/cache.js';
import { isUsedWell } from '../outbox/well-state.js';

/**
 * Used positions of a plate or box that nobody here can place (main's `unplacedUsed`), less the ones this
 * computer's own assignments explain: main counts every used position its wells do not show, and on a
 * service that lists no wells those include the tubes Assign location put there. Only an assignment
 * the service confirmed before the box was read is in the service's count; any other might not be,
 * so it explains nothing and the plate stays held (the safe side). Assign location asks it before
 * choosing the next position, Well fill before its cursor starts by itself. Null when nobody can tell how
 * many are used (main's null): any position may be.
 */
export function unknownUsed(
  m: Pick<CachedManifest, 'unplacedUsed' | 'wells' | 'pending' | 'fetchedAt'>,
): number | null {
  if (m.unplacedUsed === null) return null;
  const shown = new Set(m.wells.filter((w) => isUsedWell(w)).map((w) => w.position));
  const ours = new Set<string>();
  for (const p of m.pending)
    if (
      p.intent.type === 'location-assign' &&
      p.intent.position &&
      p.state === 'done' &&
      p.updatedAt <= m.fetchedAt &&
      !shown.has(p.intent.position)
    )
      ours.add(p.intent.position);
  return Math.max(0, m.unplacedUsed - ours.size);
}

/**
 * Why none of `of`'s wells (a box's positions) is known to be empty, when unknownUsed is null: said by
 * every screen alike, as a clause ("the service neither lists …") or, `sentence`, starting one.
 */
export const noCountSaid = (of: string, o: { wells?: string; sentence?: boolean } = {}): string =>
  `${o.sentence ? 'The' : 'the'} service neither lists the ${o.wells ?? 'wells'} of ${of} nor says how many are empty`;

/** Whether a new reading knows less than the last: more wells it cannot place, or no count any more. */
export function moreUnknown(before: number | null, now: number | null): boolean {
  if (now === null) return before !== null;
  return before !== null && now > before;
}
