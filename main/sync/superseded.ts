import type { Outbox } from '../outbox/outbox-store.js';
import type { EntryError, OutboxEntry } from '../outbox/entry.js';
import { positionKey } from './coalesce.js';

/** The well an entry changes, as a key that is equal for `A01` and `a1`; null for anything else. */
function wellOf(e: OutboxEntry): string | null {
  const i = e.intent;
  return i.type === 'well-set' || i.type === 'well-remove' ? positionKey(i.position) : null;
}

/**
 * A lane sends in order, but an entry can come back after newer ones went: "send anyway" on a held
 * plate, or a retry of an entry that failed. Sent now it would land last and undo the newer change to
 * the same well (a scan made since, or the undo of this very change). Such an entry fails with the
 * reason instead; the user sees both and can scan again if the older value is really wanted.
 * Answers the entries that may go, in order.
 */
export function setAsideSuperseded(outbox: Outbox, run: OutboxEntry[], now: number): OutboxEntry[] {
  const first = run[0];
  if (!first) return run;
  const newer = outbox.sentAfter(first.target, first.id);
  if (newer.length === 0) return run;
  const keep: OutboxEntry[] = [];
  const settle: { id: number; state: 'failed'; error: EntryError }[] = [];
  for (const e of run) {
    const well = wellOf(e);
    const later = well === null ? undefined : newer.find((n) => n.id > e.id && wellOf(n) === well);
    if (later === undefined) {
      keep.push(e);
      continue;
    }
    settle.push({
      id: e.id,
      state: 'failed',
      error: {
        kind: 'superseded',
        message:
          `Not sent: a newer change to ${well} (entry #${later.id}) was sent after this one, and sending this ` +
          'now would undo it. Discard this one, or scan again if it is the one you want.',
        at: now,
      },
    });
  }
  if (settle.length > 0) outbox.settle(settle);
  return keep;
}
