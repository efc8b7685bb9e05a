import { shownErrorLine } from '../../../shared/outbox-words/shown-error.js';
import { stateSaidInLine } from '../../../shared/outbox-words/shown-state.js';
import { SYNC_STATE, type WellSync, type WellView } from './well-view.js';

/**
 * Each sync state's words, as the legend says it and every well's name and tooltip: the Outbox's words
 * for the state its mark stands for. A well "not yet sent" beside an entry "Waiting to be sent" read as
 * two states.
 */
export const SYNC_SAID: Record<WellSync, string> = {
  pending: stateSaidInLine(SYNC_STATE.pending),
  held: stateSaidInLine(SYNC_STATE.held),
  failed: stateSaidInLine(SYNC_STATE.failed),
  synced: stateSaidInLine(SYNC_STATE.synced),
};

/**
 * A well's state in words. A refused well: its word, the Outbox's plain words for its entry, what to
 * do (the refusal's words say what was wrong, not where to fix it), then the service's own words. A held one: the Outbox's words, which
 * say "Needs a look" and what to do, after a reminder that it is the user's change, not sent.
 */
function syncSaid(well: Pick<WellView, 'sync' | 'reason'>): string | null {
  if (well.sync === 'failed') {
    const next = 'Fix it in the Outbox (Retry after correcting, or Discard).';
    return `${SYNC_SAID.failed} by the service: ${well.reason ? shownErrorLine(well.reason, next) : next}`;
  }
  if (well.sync === 'held')
    return `your change, not sent: ${well.reason?.said ?? `it ${SYNC_SAID.held} in the Outbox (Send anyway or Discard)`}`;
  return well.sync === null ? null : SYNC_SAID[well.sync];
}

/** A well's accessible name and tooltip: "A1, S-7701, SAMPLE, refused by the service: …". */
export function describeWell(well: WellView): string {
  return [
    well.position,
    well.sample ?? 'empty',
    well.label || null,
    well.tags.length ? `tags ${well.tags.join(' ')}` : null,
    well.assigned ? 'placed by Assign location' : null,
    syncSaid(well),
  ]
    .filter(Boolean)
    .join(', ');
}
