import type { QueueCounts } from './entry.js';
import type { Outbox, OutboxOptions } from './outbox-types.js';
import { openStore } from './store-context.js';
import { dependencyChain } from './dependency-chain.js';
import { enqueuing } from './enqueue.js';
import { undoing } from './undo.js';
import { failedEntryActions } from './failed-entry-actions.js';
import { discards } from './discards.js';
import { syncTransitions } from './sync-transitions.js';
import { laneReads } from './lane-reads.js';
import { plateReadings } from './plate-seen.js';
import { entryReads } from './entry-reads.js';
import { servicesElsewhere } from './waiting-elsewhere.js';
import { keptEntries } from './kept-entries.js';
import { FAILED_BY_KIND } from './statements.js';
import { shownOfFailed } from './failed-shown.js';

export type {
  Outbox,
  OutboxOptions,
  OutboxEvents,
  WaitingElsewhere,
  NamedPlace,
  UndoneEntries,
  UndoOptions,
  DiscardedEntries,
  RetriedEntries,
  RestoredEntries,
} from './outbox-types.js';

/**
 * The Outbox: one SQLite file, and the modules that each own one part of what it does, handed out as
 * they are (no wrapper between a caller and the module, least of all on the scan's enqueue).
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const context = openStore(options);
  const { db, st, events, recovered, service } = context;
  const chain = dependencyChain(st);
  const queue = enqueuing(context, chain);
  const discarding = discards(context, chain);
  const undo = undoing(context, queue.insert, chain, discarding.closeDiscards);
  const actions = failedEntryActions(context, chain);
  const sync = syncTransitions(context, chain);
  const lanes = laneReads(context);
  const plates = plateReadings(context);
  const reads = entryReads(context);
  const elsewhere = servicesElsewhere(context, chain);
  const kept = keptEntries(context, discarding.pruneRecords);

  return {
    recovered,
    events,
    db,
    enqueue: queue.enqueue,
    enqueueMany: queue.enqueueMany,
    get: reads.get,
    changedEntry: reads.changedEntry,
    findDeduped: (key) => st.byDedupe.get(key)?.id ?? null,
    counts() {
      const failedAs = { held: 0, refused: 0, failed: 0, superseded: 0, uncertain: 0 };
      const c: QueueCounts = { pending: 0, sending: 0, failed: 0, failedAs, uncertain: 0, done: 0, elsewhere: 0 };
      const current = service();
      for (const { state, kind, attempts, n } of st.counts.all(current, current)) {
        // Split by the one rule every screen says a failed entry's state by, so the counts read as the rows do.
        if (state === FAILED_BY_KIND) failedAs[shownOfFailed(kind, attempts ?? 0)] += n;
        else if (state in c && state !== 'failedAs') c[state as Exclude<keyof QueueCounts, 'failedAs'>] = n;
      }
      c.elsewhere = elsewhere.openElsewhere();
      return c;
    },
    currentService: () => service(),
    waitingElsewhere: elsewhere.waitingElsewhere,
    discardWaiting: elsewhere.discardWaiting,
    list: reads.list,
    listTotal: reads.listTotal,
    uploadsOfFile: reads.uploadsOfFile,
    cancel: undo.cancel,
    undoMany: undo.undoMany,
    discard: discarding.discard,
    discardMany: discarding.discardMany,
    undoDiscard: discarding.undoDiscard,
    restoreDiscarded: discarding.restoreDiscarded,
    restoreRefusal: discarding.restoreRefusal,
    idsShown: discarding.idsShown,
    retry: actions.retry,
    retryMany: actions.retryMany,
    retryRefusal: chain.retryRefusal,
    confirmDone: actions.confirmDone,
    replace: actions.replace,
    oldestPendingTargets: lanes.oldestPendingTargets,
    pendingHead: lanes.pendingHead,
    pendingOf: lanes.pendingOf,
    wellChangesAhead: lanes.wellChangesAhead,
    heldLanes: lanes.heldLanes,
    pendingHeadOf: lanes.pendingHeadOf,
    pendingElsewhere: lanes.pendingElsewhere,
    pendingAssignmentsInto: lanes.pendingAssignmentsInto,
    assignmentsMayHold: lanes.assignmentsMayHold,
    pendingMovesOutOf: lanes.pendingMovesOutOf,
    standingAssignments: lanes.standingAssignments,
    assignmentsOfTubes: lanes.assignmentsOfTubes,
    entriesOf: lanes.entriesOf,
    claim: sync.claim,
    settle: sync.settle,
    writeKeptSettlements: sync.writeKeptSettlements,
    plateSeen: plates.plateSeen,
    setPlateSeen: plates.setPlateSeen,
    acceptPlate: plates.acceptPlate,
    sentAfter: lanes.sentAfter,
    sentAssignmentsAfter: lanes.sentAssignmentsAfter,
    sentAssignmentsBefore: lanes.sentAssignmentsBefore,
    firstSentAssignmentsAfter: lanes.firstSentAssignmentsAfter,
    sentAssignmentsInto: lanes.sentAssignmentsInto,
    recoverInterrupted: sync.recoverInterrupted,
    pruneFinished: kept.pruneFinished,
    namedPlaces: kept.namedPlaces,
    close: () => db.close(),
  };
}
