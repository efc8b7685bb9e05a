import type { CachedRow, RowAnswer } from '../../shared/ipc/channels/cache.js';

/** The row a lookup found, or null when it answered "not found" (with when the rows were read). */
export function foundRow(answer: RowAnswer): CachedRow | null {
  return answer.found ? answer : null;
}
