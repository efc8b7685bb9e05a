import { readableOnly, rowToEntry, type EntryRow } from './statements.js';
import { mayHaveArrived } from './may-have-arrived.js';
import { storedError, type StoreContext } from './store-context.js';
import type { Outbox } from './outbox-types.js';
import type { EntryState, HeldLane, OutboxEntry } from './entry.js';

/**
 * Of rows sent or failed, those whose change is or may be on the service: every one sent (in flight, done,
 * unsure) and a failed one mayHaveArrived says may have arrived (it gave up after a 504, a try of it had
 * left). A refused one, or one never tried, changed nothing there, so an older change may go after it.
 */
const onTheServiceMaybe = (rows: readonly EntryRow[]): OutboxEntry[] =>
  rows
    .filter((r) => r.state !== 'failed' || mayHaveArrived(storedError(r.last_error), r.attempts) !== null)
    .map(rowToEntry);

/**
 * What the sync engine reads of the lanes (one target's entries, in the user's order): what can go
 * next, what waits and why, and what was sent after an entry. Each answers entries of the current
 * service only.
 */
export function laneReads({
  st,
  service,
}: StoreContext): Pick<
  Outbox,
  | 'oldestPendingTargets'
  | 'pendingHead'
  | 'pendingOf'
  | 'wellChangesAhead'
  | 'heldLanes'
  | 'pendingHeadOf'
  | 'pendingElsewhere'
  | 'pendingAssignmentsInto'
  | 'assignmentsMayHold'
  | 'pendingMovesOutOf'
  | 'standingAssignments'
  | 'assignmentsOfTubes'
  | 'entriesOf'
  | 'sentAfter'
  | 'sentAssignmentsAfter'
  | 'sentAssignmentsBefore'
  | 'firstSentAssignmentsAfter'
  | 'sentAssignmentsInto'
> {
  return {
    oldestPendingTargets: (limit) => st.oldestTargets.all(service(), limit).map((r) => r.target),
    pendingHead: (target, limit, afterId = 0) => st.headOf.all(service(), target, afterId, limit).map(rowToEntry),
    pendingOf: (target, limit) => readableOnly(st.headOf.all(service(), target, 0, limit)),
    wellChangesAhead: (target) => readableOnly(st.wellChangesAhead.all(service(), target)),
    heldLanes() {
      const lanes = new Map<string, HeldLane>();
      for (const r of st.heldHeads.all(service())) {
        const lane = lanes.get(r.target) ?? { target: r.target, head: r.head, headType: r.head_type, waitsFor: [] };
        lane.waitsFor.push({ id: r.waits_on, type: r.on_type, state: r.on_state as EntryState });
        lanes.set(r.target, lane);
      }
      return [...lanes.values()];
    },
    pendingHeadOf(target) {
      const r = st.headIdOf.get(service(), target);
      return r ? { id: r.id, attempts: r.attempts } : null;
    },
    // A look at other lanes: one this version cannot read fails in its own lane, not in the looker's.
    pendingElsewhere: (target, beforeId, ids) =>
      readableOnly(st.pendingElsewhere.all(service(), target, beforeId, JSON.stringify(ids))),
    pendingAssignmentsInto: (locationId, beforeId) =>
      readableOnly(st.pendingAssignmentsInto.all(service(), locationId, beforeId)),
    assignmentsMayHold: (locationId, beforeId) =>
      readableOnly(st.assignmentsMayHold.all(service(), locationId, beforeId)),
    pendingMovesOutOf: (locationId, beforeId) =>
      readableOnly(st.pendingMovesOutOf.all(service(), locationId, beforeId)),
    // The SQL knows a tube by the text queued; a later move under another of its names (its sample ID
    // after its barcode) moved it all the same, so it is looked for under each name the caller knows.
    standingAssignments(locationId, names) {
      const standing = readableOnly(st.standingAssignments.all(service(), locationId));
      if (!names) return standing;
      const otherNames = standing.flatMap((e) => {
        if (e.intent.type !== 'location-assign') return [];
        const { labsheet, id } = e.intent;
        return names(labsheet, id)
          .filter((n) => n !== id)
          .map((n) => [e.id, labsheet, n] as const);
      });
      if (otherNames.length === 0) return standing;
      const moved = new Set(st.assignedLater.all(JSON.stringify(otherNames), service()).map((r) => r.id));
      return standing.filter((e) => !moved.has(e.id));
    },
    assignmentsOfTubes: (ids) => readableOnly(st.assignmentsOfTubes.all(service(), JSON.stringify(ids))),
    entriesOf: (target, state) => readableOnly(st.inStateForTarget.all(state, service(), target)),
    sentAfter: (target, afterId) => onTheServiceMaybe(st.sentAfterInTarget.all(service(), target, afterId)),
    sentAssignmentsAfter: (afterId, ids) =>
      onTheServiceMaybe(st.sentAssignmentsAfter.all(service(), afterId, JSON.stringify(ids))),
    sentAssignmentsBefore: (beforeId, labsheet, ids) =>
      readableOnly(st.sentAssignmentsBefore.all(service(), beforeId, labsheet, JSON.stringify(ids))),
    firstSentAssignmentsAfter: (tubes) =>
      readableOnly(
        st.firstSentAssignmentsAfter.all(JSON.stringify(tubes.map((t) => [t.labsheet, t.id, t.afterId])), service()),
      ),
    sentAssignmentsInto: (locationId, afterId) =>
      onTheServiceMaybe(st.sentAssignmentsInto.all(service(), locationId, afterId)),
  };
}
