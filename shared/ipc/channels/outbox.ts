import { z } from 'zod';
import { intent } from '../../outbox/intents.js';
import { channel } from '../channel.js';
import { MAX_COLUMNS, MAX_ROWS } from '../../layout/positions.js';

/**
 * The outbox as the renderer sees it. Every write the UI makes goes through `outbox.enqueue`,
 * which answers only after the entry is durably committed: that answer is what a scan's beep and
 * flash wait for ("durable before visible"). The server's answer arrives later, via
 * `outbox.await` or the `outbox.changed` event.
 *
 * A `file-upload` intent is refused here: the renderer never names a file on disk, and a staged
 * copy belongs to the one entry it was staged for. Stage through the upload channels and queue
 * with `upload.enqueue`, which redeems main's staging ticket once.
 */

export const OUTBOX_ENTRY_STATES = [
  'pending',
  'sending',
  'done',
  'failed',
  'uncertain',
  'cancelled',
  'discarded',
] as const;
export const outboxEntryState = z.enum(OUTBOX_ENTRY_STATES);
export type OutboxEntryState = z.infer<typeof outboxEntryState>;

export const outboxEntryId = z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/)]);
export type OutboxEntryId = z.infer<typeof outboxEntryId>;

/** Why an entry did not (yet) succeed: `message` is a sentence for the UI, `reason` the server's own words. */
export const outboxError = z.strictObject({
  kind: z.string(),
  status: z.number().int().optional(),
  message: z.string(),
  reason: z.string().optional(),
});
export type OutboxError = z.infer<typeof outboxError>;

/** The kind of failure that is a hold, not a refusal: the plate changed on the service since it was read. */
export const PLATE_CHANGED = 'plate-changed';

/**
 * The kind of an upload left unsure because the service's answer named no result for the file: the
 * service answered, so the request arrived, but nothing says whether the file was stored.
 */
export const NO_FILE_RESULT = 'no-file-result';

/**
 * The kind of a labsheet create failed by the app's own look, not by a request: after an attempt that may
 * have made it, a labsheet of its name is on the service without the columns it asks for (someone else's).
 * No status: the service answered no request of it, and its sentence is the app's own.
 */
export const NAME_TAKEN = 'name-taken';

/**
 * The kind of a change the sync set aside because a newer change to what it sets was sent after it
 * (main/sync/superseded.ts): sent now it would undo that newer one, so it is never sent; the user
 * discards it, or makes the change again if the older value is the one wanted.
 */
export const SUPERSEDED = 'superseded';

/**
 * The kind of an upload whose staged copy is gone or no longer the file that was picked (missing, another
 * size, another checksum): nothing sends it again, so it offers no Retry; the user discards it and
 * uploads the file again. A copy that could not be read for now (its permissions) stays 'staging'.
 */
export const STAGED_COPY_LOST = 'staged-copy-lost';

/**
 * Whether an entry is held for a look ("Needs a look" in the Outbox): not refused, only waiting for
 * the user to send it anyway or discard it. Until then it may still happen, unlike a refused one.
 */
export function isHeldForLook(state: OutboxEntryState, error: Pick<OutboxError, 'kind'> | null | undefined): boolean {
  return state === 'failed' && error?.kind === PLATE_CHANGED;
}

/**
 * Why a failed change may be on the service all the same, so an undo queues its opposite change
 * (main/outbox/may-have-arrived.ts and Outbox.undoMany decide): it gave up after repeated service errors,
 * kept failing on this computer after a request of it had left, was held for a look after such a try,
 * was set aside because a newer change to its well went after it, or never happened itself but a newer
 * change to its well still stands, whose undo puts its value back (`put-back`).
 */
export const MAY_HAVE_ARRIVED = ['gave-up', 'local', 'held', 'superseded', 'put-back'] as const;
export type MayHaveArrived = (typeof MAY_HAVE_ARRIVED)[number];

/**
 * The states a failed entry is said as (shared/outbox-words/shown-state.ts decides which): held for a
 * look, refused by the service, set aside for a newer change (SUPERSEDED), unsure whether it arrived when
 * main says it may be on the service all the same (MAY_HAVE_ARRIVED), failed otherwise. Each is a tab of
 * the Outbox and a count: the unsure ones with the entries whose answer was lost, whose tab and count are
 * theirs too.
 */
export const FAILED_SHOWN = ['held', 'refused', 'failed', 'superseded', 'uncertain'] as const;
export type FailedShown = (typeof FAILED_SHOWN)[number];

const count = z.number().int().nonnegative();

export const outboxCounts = z.strictObject({
  pending: count,
  sending: count,
  /** Every entry stored as failed: `failedAs` says how many of them the screens show as which state. */
  failed: count,
  /**
   * The failed entries split as the Outbox's state column says them (shared/outbox-words/shown-state.ts
   * entryShownState): held for a look, refused by the service, set aside for a newer change, unsure whether
   * it arrived (main says it may be on the service), failed otherwise. Main splits them, since it has the
   * errors and the tries; the five add up to `failed`. A screen says `uncertain` and `failedAs.uncertain`
   * together, as "unsure".
   */
  failedAs: z.strictObject({ held: count, refused: count, failed: count, superseded: count, uncertain: count }),
  /** Every entry stored as uncertain (its answer was lost): all said "Unsure whether it arrived". */
  uncertain: count,
  done: count,
  /** Open changes bound to another service than the one in use: they wait until it is chosen again. */
  elsewhere: count,
});
export type OutboxCounts = z.infer<typeof outboxCounts>;

/** Counts of an empty queue: what a page shows before main has answered. */
export const noCounts = (): OutboxCounts => ({
  pending: 0,
  sending: 0,
  failed: 0,
  failedAs: { held: 0, refused: 0, failed: 0, superseded: 0, uncertain: 0 },
  uncertain: 0,
  done: 0,
  elsewhere: 0,
});

export const outboxEntrySummary = z.strictObject({
  id: z.number().int(),
  type: z.string(),
  /** The lane the entry syncs in (a manifest, a location, a labsheet...), as an opaque key. */
  target: z.string(),
  /** One line a scientist can read: "PL-0001 C5 ← S-0012". */
  summary: z.string(),
  /**
   * The intent itself, so a failed entry can be corrected and enqueued again ("edit"). Absent when the
   * stored entry no longer reads (`unreadable` says why).
   */
  intent: intent.optional(),
  state: outboxEntryState,
  attempts: z.number().int().nonnegative(),
  lastError: outboxError.nullable(),
  /**
   * A failed entry's MAY_HAVE_ARRIVED, as `outbox.await` answers it: null when it cannot be on the service,
   * and for an entry in any other state. Main decides; the row says it in the words a well does.
   */
  mayHaveArrived: z.enum(MAY_HAVE_ARRIVED).nullable(),
  createdAt: z.number(),
  /** A done entry's note, e.g. "Accepted by the service; its answer was not understood." */
  note: z.string().optional(),
  /** For a plate record's upload: the kept record folder it files (the Outbox links to that copy). */
  recordFolder: z.string().optional(),
  /**
   * Set when this version cannot read the stored entry (damaged, or queued by a newer version): a
   * sentence with why, and what the user can do. It is never sent; it can be cancelled or discarded.
   */
  unreadable: z.string().optional(),
  /**
   * Set while a pending entry waits for another entry that is not done (the upload whose file id it
   * takes, or the entry ahead of it in its lane that waits so): which one, and what the user can do.
   */
  waiting: z.string().optional(),
  /**
   * When `waiting` names a time the entry goes again ("Retrying at 14:32"), that time (ms): past it the
   * line is out of date, and the Outbox reads its list again then.
   */
  waitingUntil: z.number().optional(),
  /**
   * For a well change held for a look: what its "Send anyway" sends, by main's own rule (sync-engine.ts
   * sendsWithPlate, heldOnPlate): `n` changes, itself among them (every one held on its plate, which share
   * one lane and one reading), and the plate's name. Absent when Send anyway sends the entry alone.
   */
  sendAnyway: z.strictObject({ n: z.number().int().positive(), plate: z.string() }).optional(),
  /** A discarded entry's when: the Discarded tab lists the most recently discarded first. */
  discardedAt: z.number().optional(),
  /**
   * Why a discarded entry cannot be put back as it was (main's restoreRefusal), in words for its row;
   * absent on a discarded entry that can be (its row offers Restore).
   */
  notRestorable: z.string().optional(),
});
export type OutboxEntrySummary = z.infer<typeof outboxEntrySummary>;

const byId = z.strictObject({ id: outboxEntryId });

/** Which entries a list (or its total) is of: states, and of the failed ones only those said as `shown`. */
const listedStates = {
  states: z.array(outboxEntryState).max(OUTBOX_ENTRY_STATES.length).optional(),
  /**
   * Of the failed entries, only those the Outbox says as this (Needs a look, Refused, Failed, Set aside,
   * Unsure whether it arrived); entries of the other states named are all listed (an uncertain one is
   * said unsure).
   */
  shown: z.enum(FAILED_SHOWN).optional(),
};

/** A service by its identity (shared/ipc/service-identity.ts) and its name for people. */
const serviceRef = { service: z.string().max(4000), label: z.string() };
/**
 * A service's open changes by what sending them takes, the failed ones split as their rows say them
 * (FAILED_SHOWN): `waiting` (pending or in flight) go by themselves; `failed` ones when the user retries
 * them; `held` ones (Needs a look) when the user sends them anyway; `refused` ones only corrected;
 * `superseded` ones (set aside for a newer change) never: only discarded; `uncertain` ones (may have
 * arrived) when the user decides.
 */
const openChanges = {
  waiting: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  held: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
  superseded: z.number().int().nonnegative(),
  uncertain: z.number().int().nonnegative(),
};
export type OpenChanges = { [K in keyof typeof openChanges]: number };
/** None of any kind, each kind the schema's: where a service's counts start. */
export const noOpenChanges = (): OpenChanges =>
  Object.fromEntries(Object.keys(openChanges).map((k) => [k, 0])) as OpenChanges;
/**
 * Where the open changes are bound: the service in use now and its open changes, and each other
 * service with changes waiting for the user to switch back to it (or discard them).
 */
export const outboxServices = z.strictObject({
  current: z.strictObject({ ...serviceRef, ...openChanges }),
  elsewhere: z.array(
    z.strictObject({
      ...serviceRef,
      ...openChanges,
      /** How many of them "discard them" gives up now: main's count, by the rule it discards by. */
      discardable: z.number().int().nonnegative(),
      /** In flight (counted in `waiting`): not discarded, they settle by themselves. */
      sending: z.number().int().nonnegative(),
    }),
  ),
});
export type OutboxServices = z.infer<typeof outboxServices>;
const done = z.strictObject({ ok: z.boolean(), message: z.string().optional() });

/** One "Discard all" of the user's, for its Undo (`outbox.undoDiscard`): main's mark, never reused. */
const discardMark = z.number().int().positive();

/**
 * The tabs whose rows are dealt with one by one, each a decision the user can take for the whole tab at
 * once: "Discard all" on each, "Retry all" on Failed. Not "Unsure whether it arrived": each of those is
 * looked for on the service first, and a discard does not take back what may be there.
 */
export const BULK_TABS = ['held', 'refused', 'failed', 'superseded'] as const satisfies readonly FailedShown[];
export type BulkTab = (typeof BULK_TABS)[number];
const bulkTab = z.enum(BULK_TABS);

/**
 * The most entries one "Discard all" or "Retry all" takes (the oldest of a tab holding more; the question
 * says so), in one transaction of main's, which holds every scan behind it. Measured on a real outbox file,
 * the real main in-process, on a busy 2-core VM: 10,000 refused well changes discarded in 0.5–1.3 s from
 * "Yes" to the list read again (main's transaction alone 0.5–1.0 s), put back by Undo in 0.5–1.1 s, retried
 * in about 0.65 s (test/unit/renderer/workflows/outbox/bulk-actions.test.ts prints its times); the screen
 * says it is working meanwhile. 20,000 stays well inside the 5 s after which the page says main is silent.
 */
export const MAX_BULK = 20_000;
const bulkIds = z.array(z.number().int().positive()).min(1).max(MAX_BULK);
/** MAX_BULK ids of up to 15 digits, under the browser host's 1 MiB frame. */
const MAX_BULK_BYTES = 400_000;

/** What putting discarded entries back did, the ones not put back grouped by why. */
const restoreDone = z.strictObject({
  /** The discarded entries put back, in the state they were discarded from. */
  restored: count,
  /**
   * Entries the discard had failed along (waiting for one discarded): they stay failed, their reasons saying
   * how what they wait for stands now; the user's Retry sends them (nothing is made sendable by a restore).
   */
  along: count,
  notRestored: z.array(z.strictObject({ why: z.string(), n: z.number().int().positive() })),
});
export type RestoreDone = z.infer<typeof restoreDone>;

export const RECONCILE_RESOLUTIONS = ['mark-done', 'resend', 'discard'] as const;

export const syncState = z.enum(['online', 'offline', 'paused-for-token']);
export type SyncState = z.infer<typeof syncState>;
export const syncStatus = z.strictObject({
  state: syncState,
  syncing: z.boolean(),
  lastSyncAt: z.number().nullable(),
  nextRetryAt: z.number().nullable(),
  /** The last failure that was not a single entry's fault (network, token), for the banner. */
  message: z.string().nullable(),
});
export type SyncStatusPayload = z.infer<typeof syncStatus>;

export const outboxChanged = z.strictObject({
  counts: outboxCounts,
  changes: z.array(z.strictObject({ id: z.number().int(), state: outboxEntryState, target: z.string() })),
});
export type OutboxChanged = z.infer<typeof outboxChanged>;

/**
 * A rack file for the largest box a layout allows (26 × 48 positions) fits in one commit, so a rack
 * is saved whole or not at all, never in parts the user cannot tell apart; so do a whole 384-well
 * plate and its undo. Measured on a real outbox: 10,000 tube moves commit in about 0.1 s, and 1,248
 * through main's router (validation, commit, events) in 30–50 ms, so a commit this size never holds
 * the scan path for long.
 */
export const MAX_INTENTS_PER_COMMIT = MAX_ROWS * MAX_COLUMNS;
/** A full commit with long labsheet names and ids is more than the default message bound. */
const MAX_COMMIT_BYTES = 1_000_000;

/**
 * The page's idempotency key for one enqueue: a call resent after the connection dropped (with
 * the same key) answers the entry the first one committed, instead of making a second.
 */
export const enqueueKey = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'an idempotency key: 8–64 letters, digits or -');

/**
 * The service (its `serviceIdentity`) the page read the change's plate, box or row from. Main queues
 * the change only while that is still the service in use, in the same transaction as the entry's own
 * binding: a page still showing the old service's data after a switch cannot queue its ids in the new
 * service's name. Omitted by writes that name nothing read from a service.
 */
export const readFrom = z.string().min(1).max(4000);

export const outboxChannels = {
  'outbox.enqueue': channel({
    request: z.strictObject({ intent, key: enqueueKey.optional(), readFrom: readFrom.optional() }),
    response: z.strictObject({ id: outboxEntryId }),
  }),
  /**
   * Several intents in one durable commit, all or none: a multi-well edit (labels on a selection, an
   * undo of several wells) is never left half done. Ids come back in the order given.
   */
  'outbox.enqueueMany': channel({
    request: z.strictObject({
      intents: z.array(intent).min(1).max(MAX_INTENTS_PER_COMMIT),
      key: enqueueKey.optional(),
      readFrom: readFrom.optional(),
    }),
    response: z.strictObject({ ids: z.array(outboxEntryId) }),
    maxBytes: MAX_COMMIT_BYTES,
  }),
  /** Triggers a sync and waits until the entry settles (done/failed/uncertain/...) or the timeout passes. */
  'outbox.await': channel({
    request: z.strictObject({ id: outboxEntryId, timeoutMs: z.number().int().min(0).max(600_000) }),
    response: z.strictObject({
      state: outboxEntryState,
      /** The server's parsed answer for this entry (created labsheet, template, upload results...). */
      result: z.unknown().optional(),
      error: outboxError.optional(),
      /**
       * A failed entry's MAY_HAVE_ARRIVED, as a plate's `pending` has it (PendingWellChange): null when it
       * cannot be on the service, and for an entry in any other state.
       */
      mayHaveArrived: z.enum(MAY_HAVE_ARRIVED).nullable(),
      /**
       * The outbox keeps no entry of this id (answered `discarded`, error `not-found`): pruned, as only
       * finished entries are after 30 days, or never made. Said apart because a refusal's error can be a
       * not-found too.
       */
      gone: z.literal(true).optional(),
    }),
    readOnly: true,
    holdsMs: ({ timeoutMs }) => timeoutMs,
  }),
  /**
   * Entries in these states (the open ones when none are named) of the service in use, as `outbox.counts`
   * counts them, oldest first, up to `limit` (500); with `newest`, the newest first (the Outbox's Recently
   * sent: the latest sends, however many are kept). Another service's are counted by `outbox.listTotal`.
   */
  'outbox.list': channel({
    request: z
      .strictObject({
        ...listedStates,
        limit: z.number().int().min(1).max(5000).optional(),
        target: z.string().max(2000).optional(),
        newest: z.literal(true).optional(),
      })
      .refine((r) => r.shown === undefined || r.target === undefined, {
        message: 'shown lists a tab of the Outbox, which is not one lane (target)',
      })
      .refine((r) => r.shown === undefined || r.newest === undefined, {
        message: 'shown lists a tab to work through, oldest first, not the newest',
      }),
    response: z.array(outboxEntrySummary),
    readOnly: true,
  }),
  /**
   * How many entries `outbox.list` lists for these states with no limit (a tab longer than it shows says
   * so), and how many more each other service holds, which it does not list (the tab says so too).
   */
  'outbox.listTotal': channel({
    request: z.strictObject(listedStates),
    response: z.strictObject({
      total: z.number().int().nonnegative(),
      elsewhere: z.array(z.strictObject({ ...serviceRef, n: z.number().int().positive() })),
    }),
    readOnly: true,
  }),
  'outbox.counts': channel({ request: z.strictObject({}), response: outboxCounts, readOnly: true }),
  'outbox.services': channel({ request: z.strictObject({}), response: outboxServices, readOnly: true }),
  /** Only after the user confirmed: every open change waiting for that (not current) service is discarded. */
  'outbox.discardWaiting': channel({
    request: z.strictObject({ service: z.string().max(4000) }),
    response: z.strictObject({ discarded: z.number().int().nonnegative() }),
  }),
  /** Try a failed entry again (or resend an uncertain one the user judged lost). */
  'outbox.retry': channel({ request: byId, response: done }),
  /** Only after the user confirmed: the entry is never sent (until put back: `outbox.restore` is its Undo). */
  'outbox.discard': channel({ request: byId, response: done }),
  /**
   * The ids of a tab's entries (the service in use's, oldest first, up to MAX_BULK) and how many it holds:
   * what "Discard all" asks about, and then names, so nothing is discarded that the question did not count.
   * `uploads`: how many of `ids` are file uploads, which an Undo puts back only while their staged copy is
   * kept (DISCARDED_UPLOAD_COPY_KEPT_MS), so the question says so.
   */
  'outbox.tabIds': channel({
    request: z.strictObject({ shown: bulkTab }),
    response: z.strictObject({
      ids: z.array(z.number().int().positive()).max(MAX_BULK),
      total: count,
      uploads: count,
    }),
    readOnly: true,
  }),
  /**
   * Only after the user confirmed: "Discard all" of a tab, in one transaction, by the single Discard's rule
   * (main's), each entry only while the Outbox still says it as `shown`. One retried meanwhile is left: on
   * its way (`waiting`), being sent right now (`sending`), or sent (`sent`); `other`: settled otherwise
   * (another tab's now, discarded already, no longer kept). `undo`: the Discard's mark, for its Undo.
   */
  'outbox.discardMany': channel({
    request: z.strictObject({ ids: bulkIds, shown: bulkTab }),
    response: z.strictObject({
      discarded: count,
      undo: discardMark.optional(),
      waiting: count,
      sending: count,
      sent: count,
      other: count,
    }),
    maxBytes: MAX_BULK_BYTES,
  }),
  /**
   * The Failed tab's "Retry all", in one transaction: each entry still said as failed is retried as its
   * Retry would (`retried`), with what it needs and what waited for it (`along`); `refused`: still failed,
   * their rows say why (an earlier entry to settle first, content that cannot go as it is); `left`: no
   * longer failed (retried, sent or discarded meanwhile). Then only what is due is sent (sync's sendDue).
   */
  'outbox.retryMany': channel({
    request: z.strictObject({ ids: bulkIds }),
    response: z.strictObject({ retried: count, along: count, refused: count, left: count }),
    maxBytes: MAX_BULK_BYTES,
  }),
  /**
   * Undo of one "Discard all" (its mark, from `outbox.discardMany`): the entries it took out go back to the
   * state they were in (failed with their stored error), if nothing else has happened to them; what it
   * failed along stays failed (`along`), saying how what it waits for stands now; nothing is sent by it. One that cannot go back safely is said with why.
   */
  'outbox.undoDiscard': channel({ request: z.strictObject({ mark: discardMark }), response: restoreDone }),
  /**
   * Puts one discarded entry back as its Discard's Undo would (with what that Discard failed along for it):
   * the Undo of a row's Discard (`outbox.discard`, `outbox.reconcile`), and Restore on the Discarded tab.
   */
  'outbox.restore': channel({ request: byId, response: restoreDone }),
  /**
   * The user's correction of a failed entry takes its place in one write, so at most one of the two
   * is ever sent, a crash included. `ok: false` (nothing changed) when the entry is no longer failed:
   * retried or discarded meanwhile, it may be on its way out as it was.
   */
  'outbox.replace': channel({ request: z.strictObject({ id: outboxEntryId, intent }), response: done }),
  /** Undo of an entry never tried yet. `ok: false` means it was tried and may already be on the service. */
  'outbox.cancel': channel({ request: byId, response: done }),
  /**
   * An undo of several entries, in one transaction: those never tried are `cancelled`; those failed
   * (refused by the service, or held for a look) are `discarded`, as the user's Discard in the Outbox
   * would: they never happened, so the undo sends nothing for them (an opposite change would take away
   * what is there instead, e.g. another bench's tube). One a Retry made pending or sending meanwhile is
   * neither; an uncertain one neither (it may be on the service). `takenOut`: those the user had
   * already cancelled or discarded in the Outbox (read in the same turn). They will never happen, so an
   * undo has nothing of them to take back; without it they read as "already sent" and got an opposite
   * change of their own. A failed one that may be on the service all the same (`why`: MAY_HAVE_ARRIVED)
   * is `reversed`: discarded with its opposite change from `opposites` queued in the same transaction
   * (`by`), made against the reading the failed change was made on, or, none given, left as it is. Any
   * other entry may be on the service: the undo sends its opposite change.
   */
  'outbox.cancelMany': channel({
    request: z.strictObject({
      ids: z.array(outboxEntryId).min(1).max(MAX_INTENTS_PER_COMMIT),
      opposites: z
        .array(z.strictObject({ id: outboxEntryId, intents: z.array(intent).min(1) }))
        .max(MAX_INTENTS_PER_COMMIT)
        .optional(),
      readFrom: readFrom.optional(),
    }),
    response: z.strictObject({
      cancelled: z.array(z.number().int()),
      discarded: z.array(z.number().int()),
      takenOut: z.array(z.number().int()),
      reversed: z.array(
        z.strictObject({ id: z.number().int(), by: z.array(z.number().int()), why: z.enum(MAY_HAVE_ARRIVED) }),
      ),
    }),
  }),
  /**
   * The user's choice on an entry unsure whether it arrived (UNSURE_CHOICES): its answer was lost, or it
   * failed where main says it may be on the service all the same (mayHaveArrived), which every screen
   * says as unsure too. `ok: false` with why when it is no longer such an entry.
   */
  'outbox.reconcile': channel({
    request: z.strictObject({ id: outboxEntryId, resolution: z.enum(RECONCILE_RESOLUTIONS) }),
    response: done,
  }),
  /**
   * Sends the queue now (and lifts a pause for the token): not readOnly, since the sending it starts
   * changes entries, so the page's "did not answer … nothing was changed" would not be true of it; it
   * waits for main, as the sync it starts goes on anyway.
   */
  'outbox.syncNow': channel({ request: z.strictObject({}), response: syncStatus }),
  'sync.status': channel({ request: z.strictObject({}), response: syncStatus, readOnly: true }),
};

export const outboxEvents = {
  'outbox.changed': outboxChanged,
  'sync.status': syncStatus,
};
