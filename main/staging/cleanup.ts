import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { FINISHED_STATES, OPEN_STATES, isUnreadable, type EntryState, type ListedEntry } from '../outbox/entry.js';
import { DISCARDED_UPLOAD_COPY_KEPT_MS } from '../../shared/outbox/finished-kept.js';
import type { Outbox } from '../outbox/outbox-store.js';
import type { Logger } from '../common/logger.js';
import { PARTIAL_SUFFIX, removeStaged } from './staged-file.js';
import type { UploadStaging } from './incoming.js';
import { NODE_INTERVALS, type IntervalTimers } from '../common/interval-timers.js';

const FINISHED: ReadonlySet<string> = new Set(FINISHED_STATES);

/**
 * Where a staged upload copy is removed once its entry is finished: the server confirmed it, the user
 * confirmed an uncertain one arrived, discarded it, or undid it. Until then it stays, so an upload can
 * always be resent from our own bytes. One the user's Discard took out stays while its Undo can put it
 * back, and goes later (scheduleDiscardedCopyRemoval); one discarded otherwise (the changes given up for
 * a service not in use) goes now: nothing puts it back. Returns the unsubscribe.
 */
export function removeFinishedStagedCopies(outbox: Outbox, log: Logger): () => void {
  return outbox.events.on('changed', (changes) => {
    for (const c of changes) {
      if (c.type !== 'file-upload' || !FINISHED.has(c.state)) continue;
      if (c.state === 'discarded' && outbox.restoreRefusal(c.id) === null) continue;
      const e = outbox.changedEntry(c.id);
      if (e?.intent.type !== 'file-upload') continue;
      const path = e.intent.stagedPath;
      removeStaged(path).catch((err: unknown) =>
        log.warn('a staged copy could not be removed', { path, error: String(err) }),
      );
    }
  });
}

const PAGE = 500;

/** Every upload entry in `state`, a page at a time, oldest first. */
function* uploadsIn(outbox: Outbox, state: EntryState): Generator<ListedEntry> {
  for (let afterId = 0; ;) {
    const page = outbox.list(state, { type: 'file-upload', afterId, limit: PAGE });
    yield* page;
    if (page.length < PAGE) return;
    afterId = page[page.length - 1]!.id;
  }
}

/** Whether a discarded upload's copy is still kept for the Discard's Undo at `now` (its discard is its last change). */
const keptForUndo = (e: ListedEntry, now: number) => now - e.updatedAt < DISCARDED_UPLOAD_COPY_KEPT_MS;

/**
 * Removes each staged copy; one that cannot be removed is logged (`said.couldNot`, by its file name) and the
 * others still go; then how many went (`said.removed`). Answers the paths removed.
 */
async function removeCopies(
  paths: readonly string[],
  log: Logger,
  said: { couldNot: string; removed: string },
): Promise<string[]> {
  const removed: string[] = [];
  for (const path of paths) {
    try {
      await removeStaged(path);
      removed.push(path);
    } catch (err) {
      log.warn(said.couldNot, { name: basename(path), error: String(err) });
    }
  }
  if (removed.length > 0) log.info(said.removed, { removed: removed.length });
  return removed;
}

/**
 * Runs `sweep` every `everyMs`, one at a time: a slow disk must not let two remove the same files. A
 * throw is logged (`failed`) and the next run tries again: housekeeping must not take the app down.
 * Returns the stop.
 */
function sweepEvery(
  timers: IntervalTimers,
  everyMs: number,
  log: Logger,
  failed: string,
  sweep: () => Promise<void>,
): () => void {
  let running = false;
  const id = timers.setInterval(() => {
    if (running) return;
    running = true;
    sweep()
      .catch((err: unknown) => log.warn(failed, { error: String(err) }))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  return () => timers.clearInterval(id);
}

/**
 * The file name of every staged copy an unfinished upload entry points at, and a discarded one whose
 * Undo may still put it back; null when one of those entries no longer reads: the copy it points at
 * cannot be told from an orphan, so every complete copy stays. Names, not paths: every copy's name is
 * unique (a uuid leads it), while the path stored with an entry is spelled as the data folder was when
 * it was staged (a symlink, another case on Windows, a folder since moved), and a copy whose path reads
 * differently was deleted as an orphan.
 */
function referencedCopies(outbox: Outbox, now: number): Set<string> | null {
  const names = new Set<string>();
  // An upload entry in any open state still needs its staged copy.
  for (const state of [...OPEN_STATES, 'discarded'] as const) {
    for (const e of uploadsIn(outbox, state)) {
      if (isUnreadable(e)) return null;
      if (state === 'discarded' && !keptForUndo(e, now)) continue;
      if (e.intent.type === 'file-upload') names.add(basename(e.intent.stagedPath));
    }
  }
  return names;
}

/**
 * At start, before anything stages: a `.partial` file belongs to a staging of an earlier run (a tab
 * closed mid-file, a crash), and a complete copy no unfinished entry points at was staged but never
 * queued, or its upload was discarded over DISCARDED_UPLOAD_COPY_KEPT_MS ago while the app was closed
 * (or its removal failed). Nothing can use either, so they go. Copies of open entries stay: the upload
 * is resent from them; so do those of uploads discarded since, for the Discard's Undo. Answers how many
 * files were removed.
 */
export async function sweepOrphanedStaging(
  stagingDir: string,
  outbox: Outbox,
  log: Logger,
  now: number,
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(stagingDir);
  } catch (err) {
    // Nothing staged yet, or a folder that cannot be read: staging itself reports that when used.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      log.warn('the staging folder could not be read', { error: String(err) });
    return 0;
  }
  const keep = referencedCopies(outbox, now);
  const orphans = names.filter((name) => name.endsWith(PARTIAL_SUFFIX) || (keep !== null && !keep.has(name)));
  const removed = await removeCopies(
    orphans.map((name) => join(stagingDir, name)),
    log,
    { couldNot: 'an orphaned staging copy could not be removed', removed: 'removed staging copies no upload needs' },
  );
  return removed.length;
}

/**
 * How long a staged copy's ticket waits for its page's upload.enqueue. The page asks for it the moment
 * staging finishes, so only a page that went away in between (left the screen, reloaded, lost its
 * socket for longer than a reconnect) leaves one unredeemed; half an hour covers any reconnect.
 */
export const UNCLAIMED_TICKET_MS = 30 * 60 * 1000;
const CHECK_EVERY_MS = 5 * 60 * 1000;

export interface UnclaimedCleanupOptions {
  staging: Pick<UploadStaging, 'expireTickets'>;
  outbox: Outbox;
  log: Logger;
  now: () => number;
  ticketMs?: number;
  everyMs?: number;
  /** Injected so tests run the schedule without waiting. */
  timers?: IntervalTimers;
}

/**
 * While the app runs: a copy staged for upload whose ticket was not redeemed within `ticketMs` is
 * removed (its ticket is spent first, so no page can queue it afterwards). Only copies of this run's
 * own tickets are candidates, so nothing another writer is between staging and queueing (a plate
 * record's files) and no `.partial` still being written is ever looked at; a copy an unfinished
 * outbox entry refers to is kept whatever its ticket says. Returns the stop.
 */
export function scheduleUnclaimedCleanup(o: UnclaimedCleanupOptions): () => void {
  const ticketMs = o.ticketMs ?? UNCLAIMED_TICKET_MS;
  return sweepEvery(
    o.timers ?? NODE_INTERVALS,
    o.everyMs ?? CHECK_EVERY_MS,
    o.log,
    'could not clean up unqueued staging copies',
    async () => {
      const expired = o.staging.expireTickets(o.now() - ticketMs);
      if (expired.length === 0) return;
      const keep = referencedCopies(o.outbox, o.now());
      if (keep === null) return;
      await removeCopies(
        expired.filter((path) => !keep.has(basename(path))),
        o.log,
        {
          couldNot: 'an unqueued staging copy could not be removed',
          removed: 'removed staged copies that were never queued',
        },
      );
    },
  );
}

export interface DiscardedCopyRemovalOptions {
  outbox: Outbox;
  log: Logger;
  now: () => number;
  everyMs?: number;
  /** Injected so tests run the schedule without waiting. */
  timers?: IntervalTimers;
}

const DISCARDED_CHECK_EVERY_MS = 15 * 60 * 1000;

/**
 * While the app runs: a discarded upload's staged copy is kept DISCARDED_UPLOAD_COPY_KEPT_MS for the
 * Discard's Undo, then removed. From the same discard time on, the Undo refuses to put it back
 * (main/outbox/discards.ts), so none is put back without its copy. Each is removed once in a run; the
 * ones that passed while the app was closed went at start (sweepOrphanedStaging). Returns the stop.
 */
export function scheduleDiscardedCopyRemoval(o: DiscardedCopyRemovalOptions): () => void {
  const removedThisRun = new Set<string>();
  return sweepEvery(
    o.timers ?? NODE_INTERVALS,
    o.everyMs ?? DISCARDED_CHECK_EVERY_MS,
    o.log,
    "could not clean up discarded uploads' staged copies",
    async () => {
      const now = o.now();
      const due: string[] = [];
      for (const e of uploadsIn(o.outbox, 'discarded'))
        if (!isUnreadable(e) && e.intent.type === 'file-upload' && !keptForUndo(e, now)) due.push(e.intent.stagedPath);
      const removed = await removeCopies(
        due.filter((path) => !removedThisRun.has(path)),
        o.log,
        {
          couldNot: "a discarded upload's staged copy could not be removed",
          removed: 'removed staged copies of uploads discarded a while ago',
        },
      );
      for (const path of removed) removedThisRun.add(path);
    },
  );
}
