import { entryShownState, stateSaidInLine, type ShownState } from '../../shared/outbox-words/shown-state.js';
import type { Outbox, OutboxEntry } from '../outbox/index.js';
import { entryMayHaveArrived } from '../outbox/may-have-arrived.js';
import { OUTBOX_ENTRY_STATES } from '../../shared/ipc/channels/outbox.js';
import { filingEntriesOf, filingEvents, filingOfEvent } from './filing-entries.js';

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

/** An entry's own reason, for inside a sentence (its full stop gives way to the sentence's). */
const reasonOf = (e: OutboxEntry): string => e.lastError?.message.replace(/\.$/, '') ?? 'no reason given';

/** The well change a filing's entry was failed for (the outbox names it in the reason), or null. */
const builtOnIdOf = (e: OutboxEntry): number | null => {
  const id = /\bentry #(\d+)\b/.exec(e.lastError?.message ?? '')?.[1];
  return id === undefined ? null : Number(id);
};

/** What became of a failed well change, as the Outbox says it: a change the user undid was not refused. */
const FAILED_CHANGE_SAID: Partial<Record<ShownState, string>> = {
  held: 'held for a look',
  refused: 'the service refused',
  uncertain: 'that may or may not have reached the service',
  superseded: 'set aside for a newer change',
  failed: 'that failed',
};

/**
 * Why a filing states a well change that did not happen, in words from that change's state now: undone
 * here, discarded, held for a look, refused, unsure. `change`: null when the outbox no longer holds it.
 */
function builtOnSaid(failed: OutboxEntry, change: OutboxEntry | null): string {
  const notSo = 'so what it says of the plate is not so. File the plate again.';
  if (!change) return `Not filed: it states a well change that did not go through (${reasonOf(failed)}), ${notSo}`;
  const i = change.intent;
  const well = i.type === 'well-set' || i.type === 'well-remove' || i.type === 'location-assign' ? i.position : null;
  const which = `entry #${change.id}${well ? `, ${well}` : ''}`;
  switch (change.state) {
    case 'cancelled':
      return `Not filed: it states a well change undone on this computer (${which}), ${notSo}`;
    case 'discarded':
      return `Not filed: it states a well change discarded from the Outbox (${which}), ${notSo}`;
    case 'failed': {
      const shown = entryShownState(change.state, change.lastError, entryMayHaveArrived(change));
      const said = FAILED_CHANGE_SAID[shown] ?? stateSaidInLine(shown);
      const then =
        shown === 'held' || shown === 'uncertain'
          ? 'Settle that change in the Outbox, then file the plate again.'
          : 'File the plate again once the well is corrected.';
      return `Not filed: it states a well change ${said} (${which} — ${reasonOf(change)}). ${then}`;
    }
    default:
      // Sent anyway or again since: the record was failed when it had not gone through, and stays so.
      return `Not filed: it states a well change that had not gone through when the record was to be sent (${which}). File the plate again.`;
  }
}

/** Why a filing is not sent as it is, and whether it ever can be. */
export interface NotFiled {
  /** For the scientist, as it stands. */
  why: string;
  /**
   * It will never be sent as it is (it states a change that did not happen, or it was taken out): only a
   * new filing makes the record. Otherwise it waits for the user to settle an entry of it.
   */
  never: boolean;
  /** An entry of it may have reached the service (its answer was lost): the record may be filed already. */
  maybe: boolean;
}

/**
 * Why a filing will never be sent as it is, or is stuck until the user settles an entry of it, from its
 * entries' states; null while it stands (waiting, on its way, or sent). `get` reads the well change a
 * filing was failed for, so that is said as it is (undone, discarded, held, refused).
 */
export function notFiledOf(
  entries: readonly (OutboxEntry | null | undefined)[],
  get: (id: number) => OutboxEntry | null = () => null,
): NotFiled | null {
  const refused = entries.find((e) => e?.state === 'failed' && e.lastError?.kind === 'built-on-refused');
  if (refused) {
    const change = builtOnIdOf(refused);
    return { why: builtOnSaid(refused, change === null ? null : get(change)), never: true, maybe: false };
  }
  const taken = entries.find((e) => e?.state === 'discarded' || e?.state === 'cancelled');
  if (taken)
    return {
      why: 'Not filed: its filing was taken out of the Outbox. File the plate again for a record that is.',
      never: true,
      maybe: false,
    };
  // The first in batch order: a later one failed only for want of it (its own reason says so).
  const stuck = entries.find((e) => e?.state === 'failed' || e?.state === 'uncertain');
  if (!stuck) return null;
  const shown = entryShownState(stuck.state, stuck.lastError, entryMayHaveArrived(stuck));
  const why = `(${stateSaidInLine(shown)} — ${reasonOf(stuck)})`;
  return shown === 'uncertain'
    ? {
        why:
          `Maybe not filed: ${partOf(stuck, true)} ${why}. Look for it on the service, then settle entry #${stuck.id} ` +
          'in the Outbox.',
        never: false,
        maybe: true,
      }
    : {
        why:
          `Not filed: ${partOf(stuck, false)} ${why}. Settle entry #${stuck.id} in the Outbox: retry it if its ` +
          'reason allows, or discard it and file the plate again.',
        never: false,
        maybe: false,
      };
}

/** notFiledOf's words alone, or null while the filing stands. */
export const whyNotFiled = (
  entries: readonly (OutboxEntry | null | undefined)[],
  get?: (id: number) => OutboxEntry | null,
): string | null => notFiledOf(entries, get)?.why ?? null;

/**
 * The kept records whose filing will never be sent as they are, or waits for the user, by folder, with
 * why: derived from the outbox each time they are listed (the folder itself never changes once filed,
 * and is the user's), so a record built on a change that did not happen, or whose picture did not reach
 * its page, is not shown as a good one. Only what the outbox still holds can tell: once its finished
 * entries are pruned, a record taken out reads as any other.
 */
export function notFiledRecords(outbox: Outbox): Map<string, string> {
  const out = new Map<string, string>();
  const get = (id: number): OutboxEntry | null => {
    try {
      return outbox.get(id);
    } catch {
      // A row this version cannot read: its words are then the stored reason's.
      return null;
    }
  };
  for (const state of OUTBOX_ENTRY_STATES)
    for (const event of filingEvents(outbox, state)) {
      const key = filingOfEvent(event.dedupeKey);
      const folder = event.intent.type === 'webhook' ? event.intent.payload['record'] : undefined;
      if (key === null || typeof folder !== 'string' || out.has(folder)) continue;
      const entries = filingEntriesOf(outbox, key).map((id) => (id === null ? undefined : outbox.get(id)));
      const why = whyNotFiled(entries, get);
      if (why !== null) out.set(folder, why);
    }
  return out;
}
