import {
  BULK_TABS,
  FAILED_SHOWN,
  type BulkTab,
  type FailedShown,
  type OutboxEntryState,
} from '../../../shared/ipc/channels/outbox.js';
import { STATE_SAID, stateSaidInLine } from '../../../shared/outbox-words/shown-state.js';

/**
 * A tab of the Outbox: the open entries, or the entries one state's words are said of (shown-state.ts), and
 * two glances back: what was sent, and what was discarded.
 */
export type OutboxFilter = 'open' | FailedShown | 'done' | 'discarded';

/** The most entries a tab lists: the oldest, which are the ones to deal with first. */
export const TAB_LIMIT = 500;

/** How many of the newest sends "Recently sent" lists, and "Discarded" of the latest discards: a glance back. */
export const RECENT_LIMIT = 100;

// The tabs in the words of the rows under them: "Refused" lists the rows that say Refused.
export const OUTBOX_TABS: readonly { id: OutboxFilter; label: string }[] = [
  { id: 'open', label: 'Open' },
  ...(['held', 'refused', 'failed', 'superseded', 'uncertain'] as const).map((id) => ({ id, label: STATE_SAID[id] })),
  { id: 'done', label: `Recently ${stateSaidInLine('done')}` },
];

/**
 * What was discarded, the latest first, to find one discarded by mistake and put it back: after the tabs of
 * what the queue holds and sent, as what it no longer holds.
 */
export const DISCARDED_TAB: { id: OutboxFilter; label: string } = { id: 'discarded', label: STATE_SAID.discarded };

/** Every tab the Outbox screen shows, in its order. */
export const SCREEN_TABS: readonly { id: OutboxFilter; label: string }[] = [...OUTBOX_TABS, DISCARDED_TAB];

/** Tabs whose rows are dealt with one by one, and so can all be at once ("Discard all", "Retry all"). */
export const isBulkTab = (f: OutboxFilter): f is BulkTab => (BULK_TABS as readonly string[]).includes(f);

/** Tabs that are a glance back (newest first, RECENT_LIMIT), not a list to work through. */
export const isLookBack = (f: OutboxFilter): f is 'done' | 'discarded' => f === 'done' || f === 'discarded';

export const isFailedShown = (f: OutboxFilter): f is FailedShown => (FAILED_SHOWN as readonly string[]).includes(f);

const STATES: Record<OutboxFilter, OutboxEntryState[]> = {
  open: ['pending', 'sending', 'failed', 'uncertain'],
  held: ['failed'],
  refused: ['failed'],
  failed: ['failed'],
  superseded: ['failed'],
  // Whose answer was lost, and the failed ones main says may be on the service: their rows say "Unsure".
  uncertain: ['failed', 'uncertain'],
  done: ['done'],
  discarded: ['discarded'],
};

/**
 * What main is asked for a tab's entries (outbox.list, outbox.listTotal): its stored states and, of the
 * failed ones, those said as the tab is. Main picks them before the limit, by the rule the counts count
 * by: the page cannot, from a list already cut at it.
 */
export const tabQuery = (f: OutboxFilter): { states: OutboxEntryState[]; shown?: FailedShown } =>
  isFailedShown(f) ? { states: STATES[f], shown: f } : { states: STATES[f] };

/** What a technician does with a tab's oldest entries so that the next ones come into the list. */
const NEXT_STEP: Record<Exclude<OutboxFilter, 'done' | 'discarded'>, string> = {
  open: 'the next ones show here as these are sent or dealt with',
  held: 'send these anyway or discard them first, and the next ones show here',
  refused: 'correct (Edit) or discard these first, and the next ones show here',
  failed: 'retry or discard these first, and the next ones show here',
  superseded: 'discard these first, and the next ones show here',
  uncertain: 'say for these first whether they arrived, and the next ones show here',
};

/**
 * What a tab says when it holds more entries than it lists, or null when it lists them all. `total` is
 * null when main could not say how many there are. "Recently sent" and "Discarded" say nothing: glances back.
 */
export function moreThanListedSaid(filter: OutboxFilter, listed: number, total: number | null): string | null {
  if (isLookBack(filter) || listed < TAB_LIMIT || (total !== null && total <= listed)) return null;
  const label = OUTBOX_TABS.find((t) => t.id === filter)?.label ?? filter;
  const of = total === null ? 'more' : `${total}`;
  return `Showing the oldest ${listed} of ${of} entries in "${label}": ${NEXT_STEP[filter]}.`;
}

/**
 * What a tab says of the entries it leaves out, held for services not in use (it lists the one in use's,
 * as the counts count them), or null when there are none. Said by how many and for which service, with
 * the way to them: they are sent only to the service they were queued for. "Recently sent" says nothing:
 * those were sent, nothing waits.
 */
export function heldElsewhereSaid(
  filter: OutboxFilter,
  elsewhere: readonly { label: string; n: number }[],
): string | null {
  if (isLookBack(filter) || elsewhere.length === 0) return null;
  const act = filter === 'open' ? 'send' : 'deal with';
  const said = elsewhere.map(
    ({ label, n }) =>
      `${n} more ${n === 1 ? 'is' : 'are'} held for ${label}: switch to it in Settings to ${act} ${n === 1 ? 'it' : 'them'}`,
  );
  return `${said.join('; ')}.`;
}
