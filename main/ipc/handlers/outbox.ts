import { MAX_BULK, type outboxChannels } from '../../../shared/ipc/channels/outbox.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import { serviceLabel } from '../../../shared/ipc/service-identity.js';
import {
  isUnreadable,
  OPEN_STATES,
  WriteError,
  type EntryState,
  type ListedEntry,
  type Outbox,
  type OutboxEntry,
} from '../../outbox/index.js';
import { heldOnPlate, sendsWithPlate } from '../../sync/send-anyway.js';
import type { RestoredEntries } from '../../outbox/outbox-types.js';
import type { ChannelResponse } from '../../../shared/ipc/contract.js';
import type { ListedTubes, SyncEngine, TubeNames } from '../../sync/index.js';
import { recordFolderOf } from '../../plate-record/file-record.js';
import { manifestName, namesOf, toSummary, type NameOfUuid } from '../bridges/entry-summary.js';
import { waitReasons } from '../bridges/wait-reason.js';
import { createEntryAwaiter, syncStatusPayload, TooManyWaitsError } from '../bridges/outbox-bridge.js';
import { correctionRefusal, shownAs } from '../../outbox/failed-entry-actions.js';
import type { ShownState } from '../../../shared/outbox-words/shown-state.js';
import { unsureChoiceSaid } from '../../../shared/outbox-words/unsure-choices.js';
import { IpcFailure } from '../failure.js';
import { guessedSaid, type IdColumnsInUse } from '../../../shared/ipc/id-columns.js';
import type { HandlersFor } from '../types.js';

export interface OutboxHandlerDeps {
  outbox: Outbox;
  sync: SyncEngine;
  /** Plates and locations by the name people know them by (the read cache's saved answers). */
  nameOf?: NameOfUuid;
  /** Every name of a tube (the read cache's saved rows): a move waits for one queued under another name. */
  tubeNames?: TubeNames;
  /** What the read cache's saved copy of a box lists in its positions (cross-target.ts ListedTubes). */
  listedTubes?: ListedTubes;
  /** A labsheet's ID and ID_BARCODE columns as far as this computer knows them, and from where (the read cache's, no call). */
  idColumnsOf?: (labsheet: string) => IdColumnsInUse;
}

const toId = (id: number | string) => Number(id);
/** Why a choice on an unsure entry changed nothing: another window or screen settled it first. */
const NOT_UNSURE_NOW =
  'It was settled meanwhile (in the Outbox or another window), so it was left as it is: its row shows how it stands now.';

/**
 * Why Retry changed nothing on an entry every screen says is unsure whether it arrived: its row offers
 * "It arrived" and "Send again" instead, after a look on the service (a row another window left stale
 * still sends Retry).
 */
const RETRY_UNSURE =
  'Not retried: it may be on the service already, and sent again unlooked it could make the change twice. ' +
  `Look there first: if it is there, choose "${unsureChoiceSaid('mark-done')}"; if not, "${unsureChoiceSaid('resend')}".`;

/** Runs an outbox write and turns a failed commit into a message the bench user must see. */
function committed<T>(write: () => T): T {
  try {
    return write();
  } catch (err) {
    if (err instanceof WriteError) throw new IpcFailure('failed', `NOT RECORDED — ${err.message}`);
    throw err;
  }
}

/**
 * What "Send anyway" on a listed entry sends, counted by the sync's own rule (sendsWithPlate, heldOnPlate),
 * so the button says what goes: every change held on its plate, and the plate's name. Null when it goes
 * alone. Each plate's held changes are read once per listing, however many of its rows are listed.
 */
function sendAnywayOf(outbox: Outbox, nameOf: NameOfUuid | undefined) {
  const held = new Map<string, number>();
  const plateName = (e: OutboxEntry): string => {
    if (e.intent.type !== 'well-set' && e.intent.type !== 'well-remove') return e.target;
    // As the row's summary names it.
    return manifestName(e.intent.manifest, namesOf(nameOf ?? (() => null), e.service));
  };
  return (e: ListedEntry): { n: number; plate: string } | null => {
    if (isUnreadable(e) || !sendsWithPlate(outbox, e)) return null;
    let n = held.get(e.target);
    // It is one of them, so never fewer than one.
    if (n === undefined) held.set(e.target, (n = Math.max(1, heldOnPlate(outbox, e.target).length)));
    return { n, plate: plateName(e) };
  };
}

export function outboxHandlers(d: OutboxHandlerDeps): HandlersFor<typeof outboxChannels> {
  const { outbox, sync } = d;
  const awaitEntry = createEntryAwaiter(outbox, sync);
  /**
   * An entry as its row shows it now (null: gone, or no longer read by this version, whose own checks
   * stand): a choice a stale row (another window) still offers is checked against it, as "It arrived" is.
   */
  const shownNow = (id: number): ShownState | null => {
    try {
      const e = outbox.get(id);
      return e ? shownAs(e) : null;
    } catch {
      return null;
    }
  };
  // A staged copy belongs to the one entry it was staged for, and finishing that entry deletes it.
  // Only upload.enqueue makes upload entries from the page: it redeems main's own staging ticket,
  // once. A page naming a path here (even one inside staging/) could point a second entry at
  // another upload's copy and delete it by cancelling that entry, so it cannot queue uploads here.
  const refuseUploadsByPath = (intent: Intent) => {
    if (intent.type === 'file-upload') {
      throw new IpcFailure('failed', 'Files are queued through the upload screen, not by path.');
    }
  };
  // The service tells the rows of an update apart by their ID or ID_BARCODE elements (the spec: one
  // element per column, how they group "not shown"), so a change of such a column would start another
  // row, and the cells after it would land on whichever row has that value. Refused where the page
  // hears why; the sync engine would otherwise leave it out of the request, without a word.
  const refuseNameChanges = (intent: Intent) => {
    if (intent.type !== 'row-update') return;
    const known = d.idColumnsOf?.(intent.labsheet);
    const names = new Set(
      [intent.idColumn, known?.idColumn, known?.barcodeColumn].filter(
        (c): c is string => typeof c === 'string' && c !== '',
      ),
    );
    // The listing's first header, the service's own id of a row, is no column to write either.
    if ('uuid' in intent.changes)
      throw new IpcFailure(
        'failed',
        `uuid is the service's own identifier of each row of ${intent.labsheet}, not a column: a row update ` +
          'cannot change it. Choose another column.',
      );
    const changed = Object.entries(intent.changes)
      .filter(([column, value]) => names.has(column) && !(column === intent.idColumn && value === intent.id))
      .map(([column]) => column);
    if (changed.length > 0)
      throw new IpcFailure(
        'failed',
        `${changed.join(' and ')} names the rows of ${intent.labsheet} (an ID or barcode column): a row ` +
          'update cannot change it. Change it on the service itself, or choose another column.',
      );
  };
  // A row update names its row by the ID column; one only guessed from the column names sent a change to
  // another row, or to none, said saved. Row update refuses it first and asks the user to keep the
  // columns; refused here too, so no page, stale or not, writes by a guess main has read. (A labsheet
  // this computer never read has no guess here to refuse: no page can have opened one of its rows.)
  const refuseGuessedColumns = (intent: Intent) => {
    if (intent.type !== 'row-update' || !d.idColumnsOf) return;
    const known = d.idColumnsOf(intent.labsheet);
    if (known.idColumn === null) return;
    const guessed = guessedSaid(known);
    if (guessed !== null && (intent.idColumn === known.idColumn || intent.idColumn === known.barcodeColumn))
      throw new IpcFailure(
        'failed',
        `Not saved: ${guessed}. A wrong guess sends changes to another row: keep or choose the ID columns in Row update first.`,
      );
  };
  const refuse = (intent: Intent) => {
    refuseUploadsByPath(intent);
    refuseNameChanges(intent);
  };
  /** A new change (not an undo's opposite, which names the row its original did): also never on a guess. */
  const refuseNew = (intent: Intent) => {
    refuse(intent);
    refuseGuessedColumns(intent);
  };
  /** A discarded file upload is put back only while its staged copy is kept: the question says so first. */
  const isUpload = (id: number): boolean => {
    try {
      return outbox.get(id)?.type === 'file-upload';
    } catch {
      // A row whose content no longer reads still says its kind in the list; counted as not an upload here.
      return false;
    }
  };
  // A discarded entry may be what another lane waits for (a move into a well behind a change held for a
  // look, see cross-target.ts): that lane goes now, as after a retry, not at the next scan or Sync now.
  // Lanes and the queue waiting out a backoff keep waiting (sendDue): a discard is no "try again".
  const discard = (id: number): boolean => {
    const ok = committed(() => outbox.discard(id)) !== null;
    if (ok) void sync.sendDue();
    return ok;
  };
  /**
   * Entries put back by an Undo or Restore are failed or unsure again, as they were, and what they failed
   * along stays failed (discards.ts): nothing is made sendable by it, so nothing is sent (no sendDue).
   */
  const restored = (r: RestoredEntries): ChannelResponse<'outbox.restore'> => {
    const byWhy = new Map<string, number>();
    for (const { why } of r.refused) byWhy.set(why, (byWhy.get(why) ?? 0) + 1);
    return {
      restored: r.restored.length,
      along: r.along.length,
      notRestored: [...byWhy].map(([why, n]) => ({ why, n })),
    };
  };
  return {
    // Page keys get their own prefix, so they can never meet a key main makes for itself.
    'outbox.enqueue': ({ intent, key, readFrom }) => {
      refuseNew(intent as Intent);
      const options = { ...(key === undefined ? {} : { dedupeKey: `page:${key}` }), ...(readFrom ? { readFrom } : {}) };
      return { id: committed(() => outbox.enqueue(intent as Intent, options)) };
    },
    'outbox.enqueueMany': ({ intents, key, readFrom }) => {
      for (const i of intents) refuseNew(i as Intent);
      const options = { ...(key === undefined ? {} : { dedupeKey: `page:${key}` }), ...(readFrom ? { readFrom } : {}) };
      return { ids: committed(() => outbox.enqueueMany(intents as Intent[], options)) };
    },
    'outbox.await': async ({ id, timeoutMs }, ctx) => {
      try {
        return await awaitEntry(toId(id), timeoutMs, ctx.connection ?? { id: ctx.transport });
      } catch (err) {
        if (err instanceof TooManyWaitsError) throw new IpcFailure('failed', err.message);
        throw err;
      }
    },
    // The service in use's entries only, as its counts count them: changes held for another service are
    // said apart, by how many (listTotal), never listed among the ones this service gets.
    'outbox.list': ({ states, shown, limit, target, newest }) => {
      const wanted = (states ?? OPEN_STATES) as EntryState[];
      const max = limit ?? 500;
      const entries = wanted.flatMap((s) =>
        target
          ? outbox.entriesOf(target, s)
          : outbox.list(
              s,
              newest ? { inUse: true, limit: max, newest } : { inUse: true, limit: max, ...(shown ? { shown } : {}) },
            ),
      );
      const sendAnyway = sendAnywayOf(outbox, d.nameOf);
      const waitingOn = wanted.includes('pending')
        ? waitReasons(outbox, d.nameOf, (t) => sync.laneHold(t), sync.queueHold(), d.tubeNames, d.listedTubes)
        : () => null;
      // Discarded ones the most recently discarded first (main's pick, entry-reads.ts), the others by id.
      const newer = (a: ListedEntry, b: ListedEntry) =>
        a.state === 'discarded' && b.state === 'discarded' ? b.updatedAt - a.updatedAt || b.id - a.id : b.id - a.id;
      return entries
        .sort((a, b) => (newest ? newer(a, b) : a.id - b.id))
        .slice(0, max)
        .map((e) => {
          const summary = toSummary(e, (x) => recordFolderOf(outbox, x), d.nameOf);
          if (e.state === 'discarded') {
            const why = outbox.restoreRefusal(e.id);
            return { ...summary, discardedAt: e.updatedAt, ...(why === null ? {} : { notRestorable: why }) };
          }
          const sends = sendAnyway(e);
          const offered = sends === null ? summary : { ...summary, sendAnyway: sends };
          const waiting = waitingOn(e);
          if (waiting === null) return offered;
          return {
            ...offered,
            waiting: waiting.said,
            ...(waiting.until === null ? {} : { waitingUntil: waiting.until }),
          };
        });
    },
    'outbox.listTotal': ({ states, shown }) => {
      const total = { total: 0, elsewhere: new Map<string, number>() };
      for (const s of (states ?? OPEN_STATES) as EntryState[]) {
        const t = outbox.listTotal(s, shown ? { shown } : {});
        total.total += t.inUse;
        for (const w of t.elsewhere) total.elsewhere.set(w.service, (total.elsewhere.get(w.service) ?? 0) + w.n);
      }
      return {
        total: total.total,
        elsewhere: [...total.elsewhere].map(([service, n]) => ({ service, label: serviceLabel(service), n })),
      };
    },
    'outbox.counts': () => outbox.counts(),
    'outbox.services': () => {
      const current = outbox.currentService();
      const c = outbox.counts();
      return {
        current: {
          service: current,
          label: serviceLabel(current),
          waiting: c.pending + c.sending,
          // As the rows say them: a failed one that may be on the service is unsure, to look for first.
          failed: c.failedAs.failed,
          held: c.failedAs.held,
          refused: c.failedAs.refused,
          superseded: c.failedAs.superseded,
          uncertain: c.uncertain + c.failedAs.uncertain,
        },
        elsewhere: outbox.waitingElsewhere().map((w) => ({ ...w, label: serviceLabel(w.service) })),
      };
    },
    'outbox.discardWaiting': ({ service }) => {
      if (service === outbox.currentService())
        throw new IpcFailure('failed', 'These changes are for the service in use: they are sent, not discarded here.');
      return { discarded: committed(() => outbox.discardWaiting(service)).length };
    },
    'outbox.retry': ({ id }) => {
      if (shownNow(toId(id)) === 'uncertain') return { ok: false, message: RETRY_UNSURE };
      const ok = committed(() => sync.retry(toId(id)));
      if (ok) return { ok };
      return { ok, message: outbox.retryRefusal(toId(id)) ?? 'Only a failed or uncertain entry can be retried.' };
    },
    'outbox.discard': async ({ id }) =>
      discard(toId(id)) ? { ok: true } : { ok: false, message: 'Only a failed or uncertain entry can be discarded.' },
    'outbox.tabIds': ({ shown }) => {
      const ids = outbox.idsShown(shown, MAX_BULK);
      return { ids, total: outbox.listTotal('failed', { shown }).inUse, uploads: ids.filter(isUpload).length };
    },
    'outbox.discardMany': ({ ids, shown }) => {
      const d = committed(() => outbox.discardMany(ids, { shown }));
      // As after one Discard: what waited for them goes now, while what waits out a backoff keeps waiting.
      if (d.mark !== null) void sync.sendDue();
      const left = { waiting: 0, sending: 0, sent: 0, other: 0 };
      for (const { state } of d.left) {
        if (state === 'pending') left.waiting++;
        else if (state === 'sending') left.sending++;
        else if (state === 'done') left.sent++;
        else left.other++;
      }
      return { discarded: d.discarded.length, ...(d.mark === null ? {} : { undo: d.mark }), ...left };
    },
    'outbox.retryMany': ({ ids }) => {
      const r = committed(() => outbox.retryMany(ids));
      // Sent now, as one Retry's entry is, but a lane or the queue waiting out a backoff keeps waiting:
      // 10,000 retried at once are no reason to ask a service that said "slow down" again before its time.
      if (r.retried.length + r.along.length > 0) void sync.sendDue();
      return { retried: r.retried.length, along: r.along.length, refused: r.refused.length, left: r.left.length };
    },
    'outbox.undoDiscard': ({ mark }) => restored(committed(() => outbox.undoDiscard(mark))),
    'outbox.restore': ({ id }) => restored(committed(() => outbox.restoreDiscarded([toId(id)]))),
    'outbox.replace': ({ id, intent }) => {
      refuseNew(intent as Intent);
      const ok = committed(() => outbox.replace(toId(id), intent as Intent));
      if (ok) {
        void sync.sendDue(); // sent now, as a retry is, not at the next round, unless a backoff holds it
        return { ok };
      }
      let why: string | null = null;
      try {
        const e = outbox.get(toId(id));
        why = e ? correctionRefusal(e) : null;
      } catch {
        // No longer read by this version: the plain reason below.
      }
      return {
        ok,
        message: why ?? 'It is no longer a failed entry (retried or discarded meanwhile), so it was left as it is.',
      };
    },
    'outbox.cancelMany': ({ ids, opposites, readFrom }) => {
      for (const o of opposites ?? []) for (const i of o.intents) refuse(i as Intent);
      const byEntry = new Map((opposites ?? []).map((o) => [toId(o.id), o.intents as Intent[]]));
      const undone = committed(() =>
        outbox.undoMany(ids.map(toId), { opposites: byEntry, ...(readFrom ? { readFrom } : {}) }),
      );
      // As after the user's Discard (discard above): a lane that waited for a discarded entry goes now,
      // and so does an opposite change queued with one.
      if (undone.discarded.length > 0 || undone.reversed.length > 0) void sync.sendDue();
      return undone;
    },
    'outbox.cancel': ({ id }) => {
      const ok = committed(() => outbox.cancel(toId(id)));
      return ok
        ? { ok }
        : {
            ok,
            message:
              'Not cancelled: it was already tried, so it may be on the service. Undo it by making the opposite change.',
          };
    },
    'outbox.reconcile': async ({ id, resolution }) => {
      const n = toId(id);
      let ok: boolean;
      if (resolution === 'mark-done') {
        // Refused with why when an entry is sent with a field of its answer, which "It arrived" cannot give.
        let refused: string | null = null;
        ok = committed(() => {
          try {
            return outbox.confirmDone(n);
          } catch (err) {
            if (!(err instanceof WriteError) || err.kind !== 'invalid') throw err;
            refused = err.message;
            return false;
          }
        });
        if (refused !== null) return { ok, message: refused };
        // What failed for want of it goes now.
        if (ok) void sync.sendDue();
      } else if (resolution === 'resend') {
        // Only one every screen says is unsure: another one's row offers Retry, or nothing at all.
        ok = shownNow(n) === 'uncertain' && committed(() => outbox.retry(n));
        if (ok) void sync.sendDue();
      } else ok = discard(n);
      // Said here, where it is known, so every screen offering the choice says the same reason.
      if (ok) return { ok };
      return { ok, message: (resolution === 'resend' ? outbox.retryRefusal(n) : null) ?? NOT_UNSURE_NOW };
    },
    'outbox.syncNow': async () => {
      // A user asking to sync also means "try again even if paused for the token".
      if (sync.status().paused) await sync.resume();
      else await sync.syncNow();
      return syncStatusPayload(sync.status());
    },
    'sync.status': () => syncStatusPayload(sync.status()),
  };
}
