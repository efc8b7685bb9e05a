import type { CachedManifest, PendingWellChange } from '../../shared/ipc/channels/cache.js';
import { entryShownState, stateSaidInLine } from '../../shared/outbox-words/shown-state.js';
import { isMoveInto } from './record-moves.js';

/** Why a record cannot be filed now; the message is for the scientist, as it stands. */
export class RecordRefused extends Error {
  override readonly name: string = 'RecordRefused';
  constructor(
    message: string,
    /**
     * The press answered so can file nothing more under its id (its filing will never be sent, its folder
     * is gone): the next press is a new one. Otherwise the same press sent again is answered alike.
     */
    readonly pressSpent = false,
  ) {
    super(message);
  }
}

/** A change the record states: a well change, or a move on Assign location into a well of the plate. */
export const statesWell = (c: PendingWellChange): boolean =>
  c.intent.type === 'well-set' || c.intent.type === 'well-remove' || isMoveInto(c);
const positionOf = (c: PendingWellChange): string =>
  c.intent.type === 'well-set' || c.intent.type === 'well-remove' || c.intent.type === 'location-assign'
    ? (c.intent.position ?? '?')
    : '?';
const whatOf = (c: PendingWellChange): string =>
  c.intent.type === 'location-assign'
    ? `${positionOf(c)} (tube ${c.intent.id} placed on Assign location)`
    : positionOf(c);

/**
 * The plate's queued well changes, and this computer's moves of tubes into its wells (Assign location),
 * a record is built on: the record states them as landed, so its entries are sent only once every one
 * of these is done (outbox `builtOn`), and are not sent if one is refused. A change already failed (refused, held for a look, unsure whether it arrived) makes the
 * record wait for the user: the well's content is what they must decide (correct, send again or
 * discard it), and a record must never state a change that did not land (nor guess the well is as
 * before, which a retried change may contradict).
 */
export function recordBuiltOn(m: CachedManifest): number[] {
  const changes = m.pending.filter(statesWell);
  const failed = changes.filter((c) => c.state === 'failed');
  if (failed.length > 0) {
    // Each said as the Outbox says it (refused, held for a look, unsure whether it arrived, failed): a
    // timeout is no refusal, and the user finds the change under those words.
    const wells = failed
      .map((c) => {
        const said = stateSaidInLine(entryShownState(c.state, c.error, c.mayHaveArrived));
        const reason = c.error?.message ?? 'no reason given';
        // A hold's own words begin with its state ("Needs a look: plate … changed"): said once, not twice.
        const saysItself = reason.toLowerCase().startsWith(said.toLowerCase());
        return `${whatOf(c)}: ${saysItself ? reason : `${said} — ${reason}`}`;
      })
      .join('; ');
    const one = failed.length === 1;
    throw new RecordRefused(
      `${failed.length} well change${one ? ' has' : 's have'} not gone through (${wells}). ` +
        `Settle ${one ? 'it' : 'them'} in the Outbox (correct, send again or discard), then file the record.`,
    );
  }
  return changes.filter((c) => c.state !== 'done').map((c) => c.entryId);
}
