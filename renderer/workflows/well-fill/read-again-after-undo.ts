import type { WellView } from '../../lib/plate-map/well-view.js';
import { describeWell, readAgainNote, type ActionStep } from './well-intents.js';
import type { WellFillState } from './well-fill-state.svelte.js';

/** What is read of the plate being filled, before and after it is read again. */
export type ReadAgainSource = Pick<WellFillState, 'plate' | 'unknown' | 'held' | 'wells'>;

/**
 * After an undo took changes the service refused or held out of the Outbox, the wells
 * are drawn as this computer last knew them, not as the service holds them now: another bench may
 * have filled them (a held change is held because the plate changed). The plate is read again through
 * the read cache, as when the screen is shown again, so the next tube is not scanned into a well that
 * only looks empty. Offline, the saved copy stands and the user hears that the wells may have changed.
 * `readPlate` reads it (true when the read stopped the fill); `stopped` says the fill waits for a position scan.
 */
export async function readAgainAfterUndo(
  fill: ReadAgainSource,
  readPlate: () => Promise<boolean>,
  steps: readonly ActionStep[],
): Promise<{ stopped: boolean; said: string }> {
  const open = fill.plate;
  if (steps.length === 0 || !open) return { stopped: false, said: '' };
  const wells = [...new Set(steps.map((s) => s.forward.position))];
  let stopped = false;
  try {
    stopped = await readPlate();
  } catch {
    // Not read: said as for a saved copy; the wells stay as drawn.
  }
  const now = fill.plate;
  if (!now || now === open || now.fromCache) return { stopped, said: readAgainNote(wells, { read: false }) };
  if (now.wellsFrom !== 'service') {
    const unknown = fill.unknown;
    // The fill does not go back to a well that may hold another bench's tube: it waits for a position scan.
    return {
      stopped: stopped || (unknown !== 0 && fill.held),
      said: readAgainNote(wells, { read: true, listed: false, unknown, hrid: now.hrid }),
    };
  }
  const before = new Map(steps.map((s) => [s.forward.position, s.before]));
  const changed = wells
    .map((position) => ({ position, now: fill.wells[position] }))
    .filter((c): c is { position: string; now: WellView } => c.now?.sync === 'synced')
    .filter((c) => describeWell(c.now) !== describeWell(before.get(c.position)!));
  return { stopped, said: readAgainNote(wells, { read: true, listed: true, changed }) };
}
