import type { HeldLane, Outbox } from '../../outbox/index.js';
import { summarizeIntent, type NameOfUuid } from './entry-summary.js';

type WaitedFor = HeldLane['waitsFor'][number];

/** "#12 (Upload plate.png (3 KB))", or its kind when it no longer reads. */
function named(outbox: Outbox, w: WaitedFor, nameOf: NameOfUuid): string {
  let what = w.type.replace(/-/g, ' ');
  try {
    const e = outbox.get(w.id);
    if (e) what = summarizeIntent(e.intent, nameOf);
  } catch {
    // A row that no longer reads: its kind still names it, and its own line says why.
  }
  return `#${w.id} (${what})`;
}

/** Where the awaited entry stands, and what the user can do about it. */
function standing(w: WaitedFor): string {
  switch (w.state) {
    case 'uncertain':
      return (
        'was sent but its answer was lost, so it may or may not be on the service. Look there: if it ' +
        `arrived, press "It arrived" on #${w.id}; if not, "Send again"`
      );
    case 'failed':
      return `failed: retry or discard #${w.id} (its reason is on its line)`;
    case 'pending':
    case 'sending':
      return 'is not sent yet; this goes right after it';
    default:
      return `was ${w.state}, so this cannot be sent: discard it`;
  }
}

/** The one to name: the first the user has to act on (uncertain, failed), else the first. */
const ORDER: Record<string, number> = { uncertain: 0, failed: 1 };
function mostTelling(waitsFor: readonly WaitedFor[]): WaitedFor {
  return [...waitsFor].sort((a, b) => (ORDER[a.state] ?? 2) - (ORDER[b.state] ?? 2) || a.id - b.id)[0]!;
}

/** The lane in words, for the entries that wait behind its first. */
function laneInWords(target: string): string {
  try {
    const [kind, key] = JSON.parse(target) as unknown[];
    if (kind === 'attach-image' && typeof key === 'string' && key !== '') return `pictures for page ${key}`;
    if (kind === 'manifest') return "changes to a plate's wells";
  } catch {
    // Not a key of ours: said in general words below.
  }
  return 'entries of the same kind and place';
}

/**
 * Why a pending entry is not being sent, when the reason is another entry that is not done: the
 * lane's first entry waits for it (an upload whose file id it takes, changes a record states), and
 * every later entry of the lane waits behind that one, since a lane goes in order. Null otherwise.
 * Read once per listing: the outbox answers which lanes are held (see oldestTargets).
 */
export function waitReasons(
  outbox: Outbox,
  nameOf: NameOfUuid = () => null,
): (e: { id: number; target: string; state: string }) => string | null {
  const held = new Map(outbox.heldLanes().map((l) => [l.target, l]));
  const cache = new Map<number, string>();
  const name = (w: WaitedFor) => cache.get(w.id) ?? cache.set(w.id, named(outbox, w, nameOf)).get(w.id)!;
  return (e) => {
    const lane = held.get(e.target);
    if (!lane || e.state !== 'pending' || e.id < lane.head) return null;
    const w = mostTelling(lane.waitsFor);
    const more = lane.waitsFor.length > 1 ? ` (and ${lane.waitsFor.length - 1} more)` : '';
    const waits = `${name(w)}${more}, which ${standing(w)}.`;
    return e.id === lane.head
      ? `Waiting for ${waits}`
      : `Waiting behind #${lane.head}: ${laneInWords(e.target)} go in the order they were queued, and #${lane.head} is waiting for ${waits}`;
  };
}
