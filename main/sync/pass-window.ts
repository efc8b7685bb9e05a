import type { Outbox } from '../outbox/outbox-store.js';
import type { OutboxEntry } from '../outbox/entry.js';
import { UnreadableRowError } from '../outbox/statements.js';
import { coalescingKindOf } from '../../shared/outbox/intent-meta.js';
import type { LocationAssignIntent, RowUpdateIntent } from '../../shared/outbox/intents.js';
import {
  ASSIGNMENT_BATCH_LIMIT,
  ENTRY_BATCH_LIMIT,
  ROW_BATCH_LIMIT,
  takeAssignmentBatch,
  takeRowBatch,
} from './coalesce.js';
import { heldByRules, NONE_LISTED, type ListedTubes, type RuleWait, type WellChangesOf } from './cross-target.js';
import type { TubeNames } from './tube-names.js';

/**
 * What one pass of the sync engine looks at in a lane: `head`, its first ENTRY_BATCH_LIMIT pending
 * entries, cut to the run of its first entry's kind that one request may carry (a kind that does not
 * coalesce goes alone). Entries past it are looked at by a later pass, once these went.
 */
export function passWindow(head: readonly OutboxEntry[], names: TubeNames): OutboxEntry[] {
  const kind = head[0] ? coalescingKindOf(head[0].type) : null;
  if (kind === null) return head.slice(0, 1);
  const run: OutboxEntry[] = [];
  for (const e of head) {
    if (coalescingKindOf(e.type) !== kind) break;
    run.push(e);
  }
  if (kind === 'rows')
    return takeRowBatch(run as (OutboxEntry & { intent: RowUpdateIntent })[], ROW_BATCH_LIMIT, names);
  if (kind === 'assignments') return takeAssignmentBatch(run as (OutboxEntry & { intent: LocationAssignIntent })[]);
  return run;
}

/** A lane's pending entries a pass reads first: one more than the largest batch of distinct tubes or rows. */
const FIRST_READ = Math.max(ASSIGNMENT_BATCH_LIMIT, ROW_BATCH_LIMIT) + 1;

/**
 * A lane's pass window (passWindow), from its pending entries as `read` gives them (oldest first, up to
 * `limit`, after `afterId`): its first FIRST_READ, and the rest of its first ENTRY_BATCH_LIMIT only when the
 * window runs to the end of those (a run of well changes, or a batch whose tubes repeat). A window that ends
 * before the entries read do is the same whatever follows them, so the rest is not read: a lane of 5,000
 * moves was read (and each entry parsed) whole for a window of its first 1,000, on every pass and every
 * Outbox listing.
 */
export function laneWindow(
  read: (limit: number, afterId: number) => OutboxEntry[],
  names: TubeNames,
): { first: OutboxEntry | undefined; window: OutboxEntry[] } {
  const head = read(FIRST_READ, 0);
  const window = passWindow(head, names);
  const last = head[head.length - 1];
  if (head.length < FIRST_READ || window.length < head.length || !last) return { first: head[0], window };
  const whole = [...head, ...read(ENTRY_BATCH_LIMIT - head.length, last.id)];
  return { first: head[0], window: passWindow(whole, names) };
}

/**
 * For the Outbox: the entry of `target` the sync engine holds back on its next pass by a rule of
 * cross-target.ts, and what for; or null. The engine's window and rules, asked the engine's way, so the
 * line says what the engine does: a hold further on than one pass looks is not named until the entries
 * before it went, as the engine does not act on it until then. An entry this version cannot read is
 * left out of the window (its own line says why) instead of failing the listing.
 */
export function nextPassWait(
  outbox: Outbox,
  target: string,
  names: TubeNames,
  changesOf: WellChangesOf,
  listed: ListedTubes = NONE_LISTED,
): RuleWait | null {
  return heldByRules(outbox, windowOf(outbox, target, names), names, changesOf, listed).wait;
}

/**
 * The window as the engine reads it (laneWindow); for a lane holding an entry this version cannot read,
 * which the engine fails on its own, the window of the readable ones among its first ENTRY_BATCH_LIMIT.
 */
function windowOf(outbox: Outbox, target: string, names: TubeNames): OutboxEntry[] {
  try {
    return laneWindow((limit, afterId) => outbox.pendingHead(target, limit, afterId), names).window;
  } catch (err) {
    if (!(err instanceof UnreadableRowError)) throw err;
    return passWindow(outbox.pendingOf(target, ENTRY_BATCH_LIMIT), names);
  }
}
