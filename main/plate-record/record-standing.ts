import { entryShownState, stateSaidInLine } from '../../shared/outbox-words/shown-state.js';
import type { Outbox, OutboxEntry } from '../outbox/index.js';
import { entryMayHaveArrived } from '../outbox/may-have-arrived.js';
import { OUTBOX_ENTRY_STATES } from '../../shared/ipc/channels/outbox.js';
import { EVENT_LANE, filingEntriesOf, filingOfEvent } from './filing-entries.js';

/**
 * What an entry of a filing's batch (file-record.ts: three uploads, the attach-image, the event) did not
 * do, or (`maybe`: its answer was lost) may not have done.
 */
function partOf(e: OutboxEntry, maybe: boolean): string {
  const not = maybe ? 'may not have been' : 'was not';
  switch (e.intent.type) {
    case 'file-upload':
      return `its file ${e.intent.fileName} ${not} stored on the service`;
    case 'attach-image': {
      const r = e.intent.request;
      return `its picture ${not} put into the notebook page ${r.hrid ?? r.name ?? r.uuid ?? ''}`.trimEnd();
    }
    case 'webhook':
      return `its plate.completed event ${not} sent`;
    default:
      return `entry #${e.id} ${not} made`;
  }
}

/**
 * Why a filing will never be sent as it is, or is stuck until the user settles an entry of it, from its
 * entries' states; null while it stands (waiting, on its way, or sent).
 */
export function whyNotFiled(entries: readonly (OutboxEntry | null | undefined)[]): string | null {
  const refused = entries.find((e) => e?.state === 'failed' && e.lastError?.kind === 'built-on-refused');
  if (refused)
    return (
      'Not filed: it states a well change the service refused, so what it says of the plate is not so. ' +
      'File the plate again once the well is corrected.'
    );
  const taken = entries.find((e) => e?.state === 'discarded' || e?.state === 'cancelled');
  if (taken) return 'Not filed: its filing was taken out of the Outbox. File the plate again for a record that is.';
  // The first in batch order: a later one failed only for want of it (its own reason says so).
  const stuck = entries.find((e) => e?.state === 'failed' || e?.state === 'uncertain');
  if (!stuck) return null;
  const shown = entryShownState(stuck.state, stuck.lastError, entryMayHaveArrived(stuck));
  const reason = stuck.lastError?.message.replace(/\.$/, '') ?? 'no reason given';
  const why = `(${stateSaidInLine(shown)} — ${reason})`;
  return shown === 'uncertain'
    ? `Maybe not filed: ${partOf(stuck, true)} ${why}. Look for it on the service, then settle entry #${stuck.id} ` +
        'in the Outbox.'
    : `Not filed: ${partOf(stuck, false)} ${why}. Settle entry #${stuck.id} in the Outbox: retry it if its ` +
        'reason allows, or discard it and file the plate again.';
}

/**
 * The kept records whose filing will never be sent as they are, or waits for the user, by folder, with
 * why: derived from the outbox each time they are listed (the folder itself never changes once filed,
 * and is the user's), so a record built on a change the service refused, or whose picture did not reach
 * its page, is not shown as a good one. Only what the outbox still holds can tell: once its finished
 * entries are pruned, a record taken out reads as any other.
 */
export function notFiledRecords(outbox: Outbox): Map<string, string> {
  const out = new Map<string, string>();
  for (const state of OUTBOX_ENTRY_STATES)
    for (const event of outbox.entriesOf(EVENT_LANE, state)) {
      const key = filingOfEvent(event.dedupeKey);
      const folder = event.intent.type === 'webhook' ? event.intent.payload['record'] : undefined;
      if (key === null || typeof folder !== 'string' || out.has(folder)) continue;
      const entries = filingEntriesOf(outbox, key).map((id) => (id === null ? undefined : outbox.get(id)));
      const why = whyNotFiled(entries);
      if (why !== null) out.set(folder, why);
    }
  return out;
}
