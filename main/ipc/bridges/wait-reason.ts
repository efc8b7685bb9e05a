import { STATUS_CODES } from 'node:http';
import {
  isUnreadable,
  type EntryError,
  type HeldLane,
  type ListedEntry,
  type Outbox,
  type OutboxEntry,
} from '../../outbox/index.js';
import { askedOnceBy } from '../../common/asked-once.js';
import { WHILE_MAIN_ANSWERED } from '../../sync/classify.js';
import { MAX_RETRY_AFTER_MS } from '../../sync/retry-after.js';
import { isHeldForLook, NO_FILE_RESULT } from '../../../shared/ipc/channels/outbox.js';
import {
  askedOnce,
  HELD_BY_RULES,
  NONE_LISTED,
  nextPassWait,
  ONLY_AS_QUEUED,
  type LaneHold,
  type ListedTubes,
  type QueueHold,
  type RuleWait,
  type TubeNames,
  wellChangesOnce,
} from '../../sync/index.js';
import { namesOf, summarizeIntent, type NameOfUuid } from './entry-summary.js';
import { shownOfFailed } from '../../outbox/failed-shown.js';

type WaitedFor = HeldLane['waitsFor'][number];

/**
 * A waiting entry's line, and the time it says the entry goes again when it says one (a backoff's end:
 * "Retrying at 14:32"): from then on the line is out of date, so the Outbox reads it again then rather
 * than show a time gone by until the queue next changes. Null when the line names no such time.
 */
export interface WaitLine {
  said: string;
  until: number | null;
}

const line = (said: string, until: number | null = null): WaitLine => ({ said, until });

/** "#12 (Upload plate.png (3 KB))", or its kind when it no longer reads. */
function named(outbox: Outbox, w: WaitedFor, nameOf: NameOfUuid): string {
  let what = w.type.replace(/-/g, ' ');
  try {
    const e = outbox.get(w.id);
    if (e) what = summarizeIntent(e.intent, namesOf(nameOf, e.service));
  } catch {
    // A row that no longer reads: its kind still names it, and its own line says why.
  }
  return `#${w.id} (${what})`;
}

/**
 * Where the awaited entry stands, and what the user can do about it. `error` and `attempts`: its failure
 * and tries, when the caller read them; a change held for a look (the plate changed elsewhere) waits for
 * the user alone. `freedByDiscard`: whether this goes without that one once it is discarded, as a move held
 * by a rule does (cross-target.ts); an entry that needs it (its file id, a record stating it) fails with it.
 */
function standing(w: WaitedFor, error: EntryError | null, attempts: number, freedByDiscard: boolean): string {
  const discarded = freedByDiscard ? 'and this goes without it' : 'and this cannot go either';
  if (isHeldForLook(w.state, error))
    return (
      // A row change is held as a plate change is (row-check.ts), for its row changed elsewhere.
      `needs a look: its ${w.type === 'row-update' ? 'row' : 'plate'} was changed on the service since it was made (the reason is on its line). ` +
      `Press "Send anyway" on #${w.id} to send it, and this goes right after it; or "Discard" on #${w.id}, ` +
      discarded
    );
  switch (w.state) {
    case 'uncertain':
      return (
        (error?.kind === NO_FILE_RESULT
          ? 'was sent, but the service’s answer named no result for the file'
          : 'was sent but its answer was lost') +
        ', so it may or may not be on the service. Look there: if it ' +
        `arrived, press "It arrived" on #${w.id}; if not, "Send again"`
      );
    case 'failed': {
      // As its row says it (shownOfFailed): one set aside is only discarded; one that may be on the service
      // is looked for, not retried.
      const shown = shownOfFailed(error?.kind, attempts);
      if (shown === 'superseded')
        return `was set aside for a newer change and will not be sent (its reason is on its line), ${discarded}`;
      if (shown === 'uncertain')
        return (
          'failed, but may be on the service all the same (its reason is on its line). Look there: if it ' +
          `arrived, press "It arrived" on #${w.id}; if not, "Send again"`
        );
      return `failed: retry or discard #${w.id} (its reason is on its line)`;
    }
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
    if (kind === 'location') return 'moves into the same place';
  } catch {
    // Not a key of ours: said in general words below.
  }
  return 'entries of the same kind and place';
}

const twoDigits = (n: number) => String(n).padStart(2, '0');
/** "14:32", on this computer's clock: what the bench user reads off the wall. */
function clockTime(at: number): string {
  const d = new Date(at);
  return `${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayOf = (at: number) => {
  const d = new Date(at);
  return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 86_400_000;
};

/**
 * When a wait ends, as "at 14:32" later today, "tomorrow at 00:10", else "on 3 Dec at 09:00" (with the year
 * when it is not this one's). `now`: the moment the hold was read; without it, the time alone. A time of
 * another day said bare read as now (a wait of a day said "retrying at 22:13" at 22:13).
 */
function retryWhen(at: number, now: number | undefined): string {
  const time = `at ${clockTime(at)}`;
  if (now === undefined) return time;
  const days = dayOf(at) - dayOf(now);
  if (days === 0) return time;
  if (days === 1) return `tomorrow ${time}`;
  return `on ${calendarDay(at, now)} ${time}`;
}

/** "3 Dec", with the year when it is not `now`'s. */
function calendarDay(at: number, now: number): string {
  const d = new Date(at);
  const year = d.getFullYear() === new Date(now).getFullYear() ? '' : ` ${d.getFullYear()}`;
  return `${d.getDate()} ${MONTHS[d.getMonth()]}${year}`;
}

/**
 * Since when the service has not answered: "14:32" today, "yesterday 17:05", else "3 Dec 09:00". A bench
 * back on a Monday read "since 17:05" as this afternoon, not Friday's.
 */
function sinceWhen(at: number, now: number | undefined): string {
  const time = clockTime(at);
  if (now === undefined) return time;
  const days = dayOf(now) - dayOf(at);
  if (days <= 0) return time;
  if (days === 1) return `yesterday ${time}`;
  return `${calendarDay(at, now)} ${time}`;
}

/** A wait in round words: "90 seconds", "45 minutes", "1 hour", "24 hours", "1157 days". */
function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} seconds`;
  // Up, not to the nearest: 3601 s said "1 hour" read as no longer than the hour this computer waits.
  const m = Math.ceil(s / 60);
  if (m < 120 && m % 60 !== 0) return `${m} minutes`;
  const h = Math.round(m / 60);
  if (h < 48) return h === 1 ? '1 hour' : `${h} hours`;
  return `${Math.round(h / 24)} days`;
}

/** A Retry-After longer than the one honoured (retry-after.ts): how long it asked, and that this computer waits less. */
const askedLonger = (asked: number) =>
  `${duration(asked)}, longer than this computer waits (${duration(MAX_RETRY_AFTER_MS)} at most)`;

/** The failure that set a lane aside, in words: "the service answered 503 Service Unavailable". */
function failureInWords(e: EntryError): string {
  if (e.status !== undefined) {
    const said = e.serverMessage ? `: "${e.serverMessage}"` : '';
    return `the service answered ${`${e.status} ${STATUS_CODES[e.status] ?? ''}`.trim()}${said}`;
  }
  // Another address (files, events) silent while the main service answered: its message names which.
  if (e.kind === 'network' && e.message.endsWith(WHILE_MAIN_ANSWERED)) return e.message.replace(/\.$/, '');
  if (e.kind === 'timeout' || e.kind === 'network') return 'the service did not answer in time';
  return e.message.replace(/\.$/, '');
}

/** A lane waiting out its own backoff after the service failed it (the sync engine owns the time). */
function retrying(hold: LaneHold): WaitLine {
  const why =
    failureInWords(hold.reason) + (hold.asked !== undefined ? `; it asked to wait ${askedLonger(hold.asked)}` : '');
  return line(`Retrying ${retryWhen(hold.until, hold.now)} (${why}); press Sync now to try at once.`, hold.until);
}

/**
 * The whole queue's wait, said on each waiting entry: every lane waits for it, so the entry's own line
 * says so instead of a bare "pending".
 */
function queueWaits(hold: QueueHold): WaitLine {
  switch (hold.kind) {
    case 'token-refused':
      return line(
        'Waiting: the service refused the token, so sending is paused; enter a new token in Settings and it is sent then.',
      );
    case 'offline':
      return line(
        `Waiting: the service is unreachable${hold.since === null ? '' : ` (offline since ${sinceWhen(hold.since, hold.now)})`}; sent when it answers.`,
      );
    case 'slow-down': {
      // Sync now clears this hold as it does any other: said here too, or a bench waited out an hour for nothing.
      const asked = hold.asked !== undefined ? ` for ${askedLonger(hold.asked)}` : '';
      return line(
        `Waiting: the service asked to slow down (429)${asked}; retrying ${retryWhen(hold.until, hold.now)}; ` +
          'press Sync now to try at once.',
        hold.until,
      );
    }
    case 'retrying': {
      const asked = hold.asked !== undefined ? `; it asked to wait ${askedLonger(hold.asked)}` : '';
      return line(
        `Waiting: ${failureInWords(hold.reason)}${asked}; retrying ${retryWhen(hold.until, hold.now)}; ` +
          'press Sync now to try at once.',
        hold.until,
      );
    }
  }
}

/** The lane's own hold outlasts the queue's: the lane goes at its own time, so that is the one to say. */
const laneOutlasts = (queue: QueueHold, lane: LaneHold | null): boolean =>
  lane !== null && (queue.kind === 'slow-down' || queue.kind === 'retrying') && lane.until > queue.until;

/**
 * Why a pending entry is not being sent, when the reason is another entry that is not done: the
 * lane's first entry waits for it (an upload whose file id it takes, changes a record states), and
 * every later entry of the lane waits behind that one, since a lane goes in order. Also when its lane
 * waits out a backoff after the service failed it (`laneHold`, the sync engine's), when the whole queue
 * waits (`queueHold`, the sync engine's: offline, "slow down", the token refused), when it is a tube's
 * move waiting for an older move of that tube to another place, queued under either of its names
 * (`tubeNames`, the read cache's rows, as the sync engine sees them), a well change waiting for an
 * older move of a tube into that well, or a move waiting for an older change of its well, pending or
 * held for a look (cross-target.ts); and when an earlier entry of its lane waits for one of those
 * moves or changes (the lane's first, or one further on), so it waits behind the first that does: the
 * one the sync engine holds back on its next pass, asked as the engine asks it (nextPassWait).
 * Null otherwise. Read once per listing: the outbox answers which lanes are held (see oldestTargets),
 * a tube's names are looked up once, and a lane's next pass and the entries its rules look at
 * are read once per lane, however many entries it has.
 */
export function waitReasons(
  outbox: Outbox,
  nameOf: NameOfUuid = () => null,
  laneHold: (target: string) => LaneHold | null = () => null,
  queueHold: QueueHold | null = null,
  tubeNames: TubeNames = ONLY_AS_QUEUED,
  listedTubes: ListedTubes = NONE_LISTED,
): (e: ListedEntry) => WaitLine | null {
  const held = new Map(outbox.heldLanes().map((l) => [l.target, l]));
  const names = askedOnce(tubeNames);
  // A plate's pending well changes, read once per listing: many moves into one plate ask about them.
  const changesOf = wellChangesOnce(outbox);
  const name = askedOnceBy(
    (w: WaitedFor) => named(outbox, w, nameOf),
    (w) => String(w.id),
  );
  /**
   * An awaited entry's error and tries, when they decide its words: why one is unsure (its answer lost, or
   * one that named no result for its file), and how a failed one's row says it (held, unsure, failed).
   */
  const outcomeOf = askedOnceBy(
    (w: WaitedFor): { error: EntryError | null; attempts: number } => {
      if (w.state !== 'uncertain' && w.state !== 'failed') return { error: null, attempts: 0 };
      try {
        const e = outbox.get(w.id);
        return { error: e?.lastError ?? null, attempts: e?.attempts ?? 0 };
      } catch {
        // A row that no longer reads: the usual words stand, and its own line says why.
        return { error: null, attempts: 0 };
      }
    },
    (w) => `${w.id}:${w.state}`,
  );
  /**
   * An older entry of another lane this one waits for, named, and why: what follows "Waiting for". When
   * that one's own lane waits out a backoff (the service failed it), when it goes again, which is when
   * this can follow.
   */
  const waitsOn = (o: OutboxEntry, why: string): WaitLine => {
    const held = o.state === 'pending' ? laneHold(o.target) : null;
    const again = held ? ` #${o.id} itself: ${retrying(held).said}` : '';
    return line(`${name({ id: o.id, type: o.type, state: o.state })}, ${why}${again}`, held?.until ?? null);
  };
  /** What a lane's first entry held by a rule of cross-target.ts waits for, and why. */
  const byRule = (w: RuleWait): WaitLine => {
    switch (w.rule) {
      case 'tube-moved-before':
        return waitsOn(
          w.on,
          "an older move of the same tube to another place: a tube's moves are sent in the order they were " +
            'made, so this goes right after it.',
        );
      case 'moved-out-before':
        return waitsOn(
          w.on,
          'an older move of the tube that is in this position now to another place: the service refuses a ' +
            'tube into a position that still holds another one, so this goes right after that move.',
        );
      case 'move-into-well':
        return waitsOn(
          w.on,
          'a move of a tube into this well made before this change on Assign location: sent after this change ' +
            'it would undo it (put the tube back), so this goes right after it.',
        );
      case 'well-changed-before':
        return waitsOn(
          w.on,
          w.on.state === 'failed'
            ? `a change to this well made before this move on Well fill, which ${standing(w.on, w.on.lastError, w.on.attempts, true)}.`
            : 'a change to this well made before this move on Well fill: sent before that change, the move would ' +
                'be refused (the well still holds what was there) or undone by it, so this goes right after it.',
        );
    }
  };
  /**
   * The entry of a lane the sync engine holds back by a rule on its next pass (it sends the entries
   * before it and none after it), and what for; null when none is. The engine's own question on the
   * engine's own window (nextPassWait), so the line never names a hold the engine does not act on. Once
   * per lane per listing: the window is one read, and each rule one more, however many entries it has.
   */
  const heldInLane = askedOnceBy(
    (target: string): { holder: WaitedFor; waits: WaitLine } | null => {
      const w = nextPassWait(outbox, target, names, changesOf, listedTubes);
      return w && { holder: { id: w.entry.id, type: w.entry.type, state: w.entry.state }, waits: byRule(w) };
    },
    (target) => target,
  );
  /** An entry behind one of its lane that waits: that one is named, and what it waits for. */
  const behind = (e: ListedEntry, holder: WaitedFor, waits: WaitLine): WaitLine =>
    line(
      `Waiting behind ${name(holder)}: ${laneInWords(e.target)} go in the order they were queued, and #${holder.id} ` +
        `is waiting for ${waits.said}`,
      waits.until,
    );
  return (e) => {
    if (e.state !== 'pending') return null;
    const lane = held.get(e.target);
    if (!lane || e.id < lane.head) {
      const hold = laneHold(e.target);
      // The whole queue's wait is every entry's, unless the entry's lane waits longer than it.
      const queue = queueHold !== null && !laneOutlasts(queueHold, hold) ? queueHold : null;
      if (hold && !queue) return retrying(hold);
      if (isUnreadable(e)) return queue ? queueWaits(queue) : null;
      // A rule's wait still holds once the queue goes again: the entry it waits for is named. Behind the
      // lane's first entry that waits, that one must go first, so that is the one to name.
      const ruled = HELD_BY_RULES.has(e.type) ? heldInLane(e.target) : null;
      if (ruled?.holder.id === e.id) return line(`Waiting for ${ruled.waits.said}`, ruled.waits.until);
      if (ruled && ruled.holder.id < e.id) return behind(e, ruled.holder, ruled.waits);
      return queue ? queueWaits(queue) : null;
    }
    const w = mostTelling(lane.waitsFor);
    const more = lane.waitsFor.length > 1 ? ` (and ${lane.waitsFor.length - 1} more)` : '';
    const { error, attempts } = outcomeOf(w);
    const waits = line(`${name(w)}${more}, which ${standing(w, error, attempts, false)}.`);
    return e.id === lane.head
      ? line(`Waiting for ${waits.said}`)
      : behind(e, { id: lane.head, type: lane.headType, state: 'pending' }, waits);
  };
}
