import type { Outbox } from '../outbox/outbox-store.js';
import type { EntryError, OutboxEntry } from '../outbox/entry.js';
import { positionKey } from './coalesce.js';

/**
 * What an entry sets, as a key equal for every entry that sets the same thing: a well of a plate
 * (`A01` and `a1` alike), or where a tube is (a tube is in one place, whatever location the entry
 * names). Null for anything else.
 */
function keyOf(e: OutboxEntry): { key: string; what: string } | null {
  const i = e.intent;
  if (i.type === 'well-set' || i.type === 'well-remove')
    return { key: JSON.stringify(['well', e.target, positionKey(i.position)]), what: positionKey(i.position) };
  if (i.type === 'location-assign') return { key: JSON.stringify(['tube', i.labsheet, i.id]), what: `tube ${i.id}` };
  return null;
}

/** Entries newer than the run's first that were sent (or may have been) and set what the run sets. */
function sentSince(outbox: Outbox, run: readonly OutboxEntry[]): OutboxEntry[] {
  const first = run[0]!;
  if (first.intent.type === 'location-assign') {
    const ids = [...new Set(run.map((e) => (e.intent.type === 'location-assign' ? e.intent.id : '')))];
    return outbox.sentAssignmentsAfter(first.id, ids);
  }
  return outbox.sentAfter(first.target, first.id);
}

/**
 * A lane sends in order, but an entry can come back after newer ones went: "send anyway" on a held
 * plate, or a retry of an entry that failed. Sent now it would land last and undo the newer change to
 * the same well or tube (a scan made since, a move to another box, or the undo of this very change).
 * Such an entry fails with the reason instead; the user sees both and can scan again if the older
 * value is really wanted. Answers the entries that may go, in order.
 */
export function setAsideSuperseded(outbox: Outbox, run: OutboxEntry[], now: number): OutboxEntry[] {
  if (run.length === 0) return run;
  const newer = sentSince(outbox, run);
  if (newer.length === 0) return run;
  const keep: OutboxEntry[] = [];
  const settle: { id: number; state: 'failed'; error: EntryError }[] = [];
  for (const e of run) {
    const k = keyOf(e);
    const later = k === null ? undefined : newer.find((n) => n.id > e.id && keyOf(n)?.key === k.key);
    if (k === null || later === undefined) {
      keep.push(e);
      continue;
    }
    settle.push({
      id: e.id,
      state: 'failed',
      error: {
        kind: 'superseded',
        message:
          `Not sent: a newer change to ${k.what} (entry #${later.id}) was sent after this one, and sending this ` +
          'now would undo it. Discard this one, or scan again if it is the one you want.',
        at: now,
      },
    });
  }
  if (settle.length > 0) outbox.settle(settle);
  return keep;
}
