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
  refused: stateSaidInLine(SYNC_STATE.refused),
  failed: stateSaidInLine(SYNC_STATE.failed),
  unsure: stateSaidInLine(SYNC_STATE.unsure),
  synced: stateSaidInLine(SYNC_STATE.synced),
};

/**
 * What to do about an unsure well (failed without a refusal, or its answer lost): it is drawn with the change, which may be on the service,
 * so the technician looks before putting another tube there or sending it again.
 */
const MAY_BE_THERE = 'It may be on the service all the same: look in the Outbox before you put another tube here.';

/**
 * Said of a held well: the Outbox's "Send anyway" on any held change of a plate sends all of them (they share
 * one lane and one reading: main's retry), not this well's alone.
 */
export const SEND_ANYWAY_SENDS_ALL = 'Send anyway sends every change held on this plate.';

/**
 * The change that never happened in a well drawn as it was before it, so the technician knows which tube
 * the "!" is about: "S-7701 was not put here".
 */
function unmadeSaid(well: Pick<WellView, 'sample' | 'unmade'>): string | null {
  const i = well.unmade;
  if (!i) return null;
  if (i.type === 'location-assign') return `${i.id} was not put here`;
  if (i.type === 'well-set' && i.sample) return `${i.sample.id} was not put here`;
  if ((i.type === 'well-set' && i.sample === null) || (i.type === 'well-remove' && i.fields.includes('SAMPLE')))
    return `${well.sample ?? 'its tube'} was not taken out`;
  return 'its label or tags were not changed';
}

/**
 * A well's state in words. A refused well: its word, which change was not made, the Outbox's plain words
 * for its entry, what to do (the refusal's words say what was wrong, not where to fix it), then the
 * service's own words. A failed one (it never left this computer) likewise, with "never sent". An unsure
 * one: its word, why, and that the change may be on the service all the same. A held one: the Outbox's
 * words, which say "Needs a look" and what to do, after a reminder that it is the user's change, not sent,
 * and that Send anyway sends every change held on the plate, not this one alone.
 */
function syncSaid(well: Pick<WellView, 'sync' | 'reason' | 'sample' | 'unmade'>): string | null {
  if (well.sync === 'refused' || well.sync === 'failed') {
    const next = 'Fix it in the Outbox (Retry after correcting, or Discard).';
    const unmade = unmadeSaid(well);
    const why = [unmade ? `${unmade}.` : null, well.reason ? shownErrorLine(well.reason, next) : next]
      .filter(Boolean)
      .join(' ');
    const what = well.sync === 'refused' ? `${SYNC_SAID.refused} by the service` : `${SYNC_SAID.failed}, never sent`;
    return `${what}: ${why}`;
  }
  if (well.sync === 'unsure')
    return `${SYNC_SAID.unsure}: ${well.reason ? shownErrorLine(well.reason, MAY_BE_THERE) : MAY_BE_THERE}`;
  if (well.sync === 'held')
    return `your change, not sent: ${well.reason?.said ?? `it ${SYNC_SAID.held} in the Outbox (Send anyway or Discard).`} ${SEND_ANYWAY_SENDS_ALL}`;
  return well.sync === null ? null : SYNC_SAID[well.sync];
}

/** Where a tube a move took out of a well went: a well of this plate, or another place, by name when main knows it. */
const movedTo = (m: NonNullable<WellView['movedOut']>): string => m.to ?? m.place ?? 'another plate or box';

/**
 * A well's accessible name and tooltip: "A1, S-7701, SAMPLE, refused by the service: …"; one a move
 * emptied: "A1, empty, SAMPLE, S-0160 moved to C5 on Assign location, waiting to be sent".
 */
export function describeWell(well: WellView): string {
  return [
    well.position,
    well.sample ?? 'empty',
    well.label || null,
    well.tags.length ? `tags ${well.tags.join(' ')}` : null,
    well.assigned ? 'placed by Assign location' : null,
    well.movedOut ? `${well.movedOut.tube} moved to ${movedTo(well.movedOut)} on Assign location` : null,
    syncSaid(well),
  ]
    .filter(Boolean)
    .join(', ');
}
