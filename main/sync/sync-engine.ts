import type { OutboxEntry } from '../outbox/entry.js';
import { TypedEmitter } from '../common/emitter.js';
import type { SyncEngine, SyncEngineOptions, SyncEvents, SyncStatus } from './engine-types.js';
import { putBackToSend } from './send-anyway.js';
import { coalescingKindOf } from '../../shared/outbox/intent-meta.js';
import { backoffDelay, DEFAULT_BACKOFF } from './backoff.js';
import {
  classify,
  localFailure,
  localGaveUp,
  MAX_LOCAL_FAILURES,
  waitedOutAsSilence,
  type Classified,
} from './classify.js';
import { laneWindow } from './pass-window.js';
import { UnreadableRowError } from '../outbox/statements.js';
import { createConnectivity } from '../common/connectivity.js';
import { createLaneHolds } from './lane-holds.js';
import { queueHoldOf } from './queue-hold.js';
import { honouredRetryAfter } from './retry-after.js';
import { heldByRules, NONE_LISTED } from './cross-target.js';
import { systemPlatform, type TimerHandle } from './platform.js';
import {
  checkedOnItsOwn,
  checkPlate,
  mayHaveWritten,
  plateChangedError,
  rememberPlate,
  wellsHold,
} from './plate-check.js';
import { followLocationRequest, reconcileUncertain, unfollowedLocationRequests } from './reconcile.js';
import { sendCoalesced } from './send-coalesced.js';
import { sendRows } from './send-rows.js';
import { sendMovesInto } from './moves-into-plate.js';
import { createSendMoment } from './send-moment.js';
import { sendSingle, type SingleSendContext } from './send-single.js';
import { setAsideSuperseded } from './superseded.js';
import { askedOnce, ONLY_AS_QUEUED } from './tube-names.js';
import { ONLY_AS_NAMED } from './plate-names.js';
import { withSuppliedFields } from './supplied-fields.js';
import type { StepResult } from './step-result.js';
import { saysNoTokenArrived } from '../api/errors.js';
import { connectionOutcomeOf, type CallOutcome } from '../api/observe.js';

export type { SyncEngine, SyncEngineOptions, SyncEvents, SyncStatus } from './engine-types.js';

/** setTimeout's longest delay (2³¹ − 1 ms, about 24.8 days): a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createSyncEngine(o: SyncEngineOptions): SyncEngine {
  const { outbox, transport } = o;
  const platform = o.platform ?? systemPlatform();
  const events = new TypedEmitter<SyncEvents>((err, event) =>
    o.log?.(`sync: a listener of "${event}" failed`, {
      error: err instanceof Error ? err.message : String(err),
    }),
  );
  const abort = new AbortController();
  const status: SyncStatus = {
    online: true,
    paused: null,
    syncing: false,
    lastSyncAt: null,
    nextRetryAt: null,
    lastError: null,
  };
  /** Drains in a row that ended held for the whole queue (offline, "slow down"): that backoff grows with it. */
  let failures = 0;
  let draining: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  /**
   * Set while the whole queue waits (no answer from the service, or it asked us to slow down): every
   * lane would meet the same, so a new scan waits too. A lane the service failed alone waits in
   * `laneHolds` instead, and new entries of the other lanes go at once. Until when, and the failure
   * that set it (what the Outbox says each waiting entry waits for).
   */
  let queueHeld: { until: number; failure: Classified; asked: number | undefined } | null = null;
  /** One timer wakes the drain when the hold, or the first lane's backoff, is over. */
  let wakeTimer: TimerHandle | null = null;
  let kickTimer: TimerHandle | null = null;
  let probeTimer: TimerHandle | null = null;
  /** Per lane: its next entry and how many times in a row sending it failed on this computer. */
  const localFailures = new Map<string, { head: number | null; tries: number }>();
  const maxDelay = o.kickDelayMs ?? 500;
  const moment = createSendMoment({ minMs: Math.min(40, maxDelay), maxMs: maxDelay, maxWaitMs: 4 * maxDelay });
  const unsubscribe: (() => void)[] = [];

  const backoff = o.backoff ?? DEFAULT_BACKOFF;
  const laneHolds = createLaneHolds(platform.random, backoff);
  const tubeNames = o.tubeNames ?? ONLY_AS_QUEUED;
  const plateNames = o.plateNames ?? ONLY_AS_NAMED;
  const listedTubes = o.listedTubes ?? NONE_LISTED;
  const connectivity = o.connectivity ?? createConnectivity(o.offlineAfter ?? 2, platform.now);
  const snapshot = (): SyncStatus => ({ ...status, online: connectivity.online });
  const emitStatus = () => events.emit('status', snapshot());
  unsubscribe.push(
    connectivity.onChange((online) => {
      emitStatus();
      if (online) void syncNow();
      else scheduleProbe();
    }),
  );
  const ctx: SingleSendContext = {
    outbox,
    transport,
    platform,
    signal: abort.signal,
    onAnswered: () => connectivity.report('ok'),
    reachable: () => connectivity.online,
    mainAnswers: async () => (await probe()) === 'answered',
    ...(o.log ? { log: o.log } : {}),
    ...(o.stagingDir !== undefined ? { stagingDir: o.stagingDir } : {}),
    ...(o.onUploadProgress ? { onUploadProgress: o.onUploadProgress } : {}),
  };

  /**
   * Asks the main service for its labsheets: any answer, even a refusal, proves it reachable, and is
   * reported as one; only silence is not. A refusal of the token is reported as what it is: reported
   * 'ok', it cleared the token's refusal, and the app resumed a queue paused for it, which sent again with
   * the token refused. 'stopped' when stop() cut it short: no answer came, so it says nothing about the
   * service either way.
   */
  async function probe(): Promise<'answered' | 'silent' | 'stopped'> {
    let heard: CallOutcome = 'ok';
    try {
      await transport.fetchLabsheetList({}, { signal: abort.signal });
    } catch (err) {
      if (stopped) return 'stopped';
      if (classify(err, platform.now()).network) return 'silent';
      const refused = connectionOutcomeOf(err);
      if (refused === 'auth' || refused === 'token-not-received') heard = refused;
    }
    connectivity.report(heard);
    return 'answered';
  }

  function scheduleProbe(): void {
    if (probeTimer !== null || stopped) return;
    probeTimer = platform.setTimeout(() => {
      probeTimer = null;
      if (connectivity.online || stopped) return;
      void probe().then((heard) => {
        if (heard !== 'silent') return;
        connectivity.report('network');
        scheduleProbe();
      });
    }, o.probeIntervalMs ?? 10_000);
  }

  function kick(): void {
    const delay = moment.enqueued(platform.now());
    if (stopped || status.paused || queueHeld !== null) return;
    if (draining) {
      again = true;
      return;
    }
    if (kickTimer !== null) platform.clearTimeout(kickTimer);
    kickTimer = platform.setTimeout(() => {
      kickTimer = null;
      void drainDue();
    }, delay);
  }

  /** A location create's request, followed until the service says how it ended (reconcile.ts). */
  function follow(id: number, requestId: string): void {
    void followLocationRequest(outbox, transport, platform, id, requestId, abort.signal).catch((err: unknown) =>
      o.log?.('following a location request failed', {
        entry: id,
        error: err instanceof Error ? err.message : String(err),
      }),
    );
  }

  /** One send for the oldest lane not set aside in this drain (`skip`: lanes the service keeps failing). */
  async function step(skip: ReadonlySet<string>): Promise<{ target: string; result: StepResult } | null> {
    const target = outbox.oldestPendingTargets(skip.size + 1).find((t) => !skip.has(t));
    if (target === undefined) return null;
    try {
      const result = await stepLane(target);
      localFailures.delete(target);
      return { target, result };
    } catch (err) {
      return { target, result: laneThrew(target, err) };
    }
  }

  /**
   * The entry of `target` waiting to be sent that `err` says this version cannot read, with its tries; null
   * for any other error. It is the one given up after the tries, wherever it stands in the lane: failed in
   * its place, the lane's first entry (one that reads) was given up with the damaged one's reason.
   */
  function damagedIn(target: string, err: unknown): { id: number; attempts: number } | null {
    if (!(err instanceof UnreadableRowError)) return null;
    const [e] = outbox.list('pending', { afterId: err.id - 1, limit: 1 });
    return e?.id === err.id && e.target === target ? { id: e.id, attempts: e.attempts } : null;
  }

  /**
   * Not the network: our own disk (full, read-only), a row that no longer reads, or a bug. Entries a
   * failed write left 'sending' are put back the way a restart would; the lane is set aside like one
   * the service keeps failing, so the others go on; and a lane whose next entry fails like this
   * MAX_LOCAL_FAILURES times in a row has that entry failed with the reason, for the user.
   */
  function laneThrew(target: string, err: unknown): StepResult {
    const failure = localFailure(err, platform.now());
    try {
      outbox.recoverInterrupted();
      const first = damagedIn(target, err) ?? outbox.pendingHeadOf(target);
      const head = first?.id ?? null;
      const prev = localFailures.get(target);
      const tries = prev?.head === head ? prev.tries + 1 : 1;
      localFailures.set(target, { head, tries });
      if (first && tries >= MAX_LOCAL_FAILURES) {
        const error = localGaveUp(err, tries, platform.now(), first.attempts);
        outbox.settle([{ id: first.id, state: 'failed', error }]);
        localFailures.delete(target);
        return { kind: 'ok', requests: 0 };
      }
    } catch {
      // Still failing: the next retry tries again; nothing is lost, the rows are on disk.
    }
    return { kind: 'transient', failure, requests: 0 };
  }

  async function stepLane(target: string): Promise<StepResult> {
    // Each tube's (row's) names, read once for this step: a row updated by its barcode and by its
    // sample ID is one row, as a tube moved by either is one tube.
    const names = askedOnce(tubeNames);
    const { first, window } = laneWindow((limit, afterId) => outbox.pendingHead(target, limit, afterId), names);
    if (!first) return { kind: 'ok', requests: 0 };
    const kind = coalescingKindOf(first.type);
    if (kind === null) {
      const ready = withSuppliedFields(outbox, first, platform.now());
      if (!ready) return { kind: 'ok', requests: 0 };
      const r = await sendSingle(ctx, ready);
      const after = outbox.get(first.id);
      if (after?.state === 'done' && after.intent.type === 'location-create') {
        const requestId = (after.result as { requestId?: unknown } | null)?.requestId;
        if (typeof requestId === 'string') follow(first.id, requestId);
      }
      return r;
    }
    // The pass's window, up to its first entry a rule holds back (the Outbox names that one, asking the same).
    let { run } = heldByRules(outbox, window, names, undefined, listedTubes);
    if (kind === 'wells') run = checkedOnItsOwn(run);
    if (run.length === 0) return { kind: 'waiting', requests: 0 };
    // Pending entries are ordered among themselves; this keeps one sent again from undoing newer ones.
    // (Rows need no waiting rule like a tube's older move elsewhere: a row's updates share one lane, its labsheet's,
    // whichever name they were queued under.)
    const fresh = setAsideSuperseded(outbox, run, platform.now(), names, plateNames);
    if (fresh.run.length === 0) return { kind: 'ok', requests: 0 };
    if (kind === 'assignments') return sendMovesInto(ctx, fresh.run, fresh.withheld, names, plateNames);
    if (kind === 'rows') return sendRows(ctx, fresh.run, fresh.withheld, names);
    return sendPlate(target, fresh.run);
  }

  /** A plate's changes go only onto the plate they were made against (see plate-check.ts). */
  async function sendPlate(target: string, run: OutboxEntry[]): Promise<StepResult> {
    const check = await checkPlate(ctx, target, run);
    if (check.kind === 'unreachable') {
      if (check.failure.action === 'pause') return { kind: 'paused', failure: check.failure, requests: 1 };
      // The check failed every change already (refused, or its last try): nothing left for the lane to wait on.
      if (!run.some((e) => outbox.get(e.id)?.state === 'pending')) return { kind: 'ok', requests: 1 };
      return { kind: 'transient', failure: check.failure, requests: 1 };
    }
    const ref =
      run[0]!.intent.type === 'well-set' || run[0]!.intent.type === 'well-remove' ? run[0]!.intent.manifest : null;
    if (check.kind === 'changed') {
      const at = platform.now();
      // Only what is still pending after the read: a change cancelled meanwhile stays cancelled.
      const waiting = run.filter((e) => outbox.get(e.id)?.state === 'pending');
      const holds = wellsHold(waiting, check.wells);
      outbox.settle(
        waiting.map((e) => ({ id: e.id, state: 'failed', error: plateChangedError(check, at, e, holds.get(e.id)) })),
      );
      return { kind: 'ok', requests: 1 };
    }
    const r = await sendCoalesced(ctx, 'wells', run);
    // Read back after a write that may have changed the plate, made or not: what it looks like now is this
    // computer's own. Not only after one done: a write that failed after the service made it (a 504 from its
    // gateway, a lost answer) changed it too, and an undo's opposite change or a retry must not be held for
    // a look at this computer's own change.
    if (
      ref &&
      check.kind === 'unchanged' &&
      check.watched &&
      r.kind !== 'paused' &&
      run.some((e) => mayHaveWritten(outbox, e))
    )
      await rememberPlate(ctx, target, ref);
    return r;
  }

  /** Wakes the drain at `at` (the hold's end, or the first lane's), replacing any earlier wake. */
  function scheduleWake(at: number | null): void {
    if (wakeTimer !== null) platform.clearTimeout(wakeTimer);
    wakeTimer = null;
    status.nextRetryAt = at;
    if (at === null || stopped) return;
    const delay = Math.max(0, at - platform.now());
    wakeTimer = platform.setTimeout(
      () => {
        wakeTimer = null;
        // Longer than a timer holds: waited in parts. Handed to the timer whole, it fired at once, and the
        // queue was sent again within the millisecond it was told to wait. (A Retry-After is honoured for an
        // hour at most, retry-after.ts; this keeps any longer wait whole all the same.)
        if (delay > MAX_TIMER_MS) return scheduleWake(at);
        status.nextRetryAt = null;
        queueHeld = null;
        void drainDue();
      },
      Math.min(delay, MAX_TIMER_MS),
    );
  }

  async function drain(): Promise<void> {
    /** When the drain last chose a lane, seeing which lanes were held. */
    let lookedAt = platform.now();
    moment.sending();
    status.syncing = true;
    emitStatus();
    try {
      do {
        again = false;
        // Reconciling is a courtesy: uncertain entries stay visible for the user if it cannot run now.
        await reconcileUncertain(outbox, transport, abort.signal, platform.now).catch((err: unknown) =>
          o.log?.('reconciling uncertain entries failed', {
            error: err instanceof Error ? err.message : String(err),
          }),
        );
        // A lane the service answered with a failure (a 5xx on one plate) waits out its own backoff
        // and the other lanes go on: the oldest lane backing off must not hold every other one. The
        // holds are read at every step, so a lane whose backoff ends during a long drain goes in it.
        // `behind`: lanes whose next entry waits for an older one in a lane held now (cross-target.ts),
        // looked at again whenever some lane went through.
        const behind = new Set<string>();
        let held: Classified | null = null;
        // A lane's timeout is no answer either: it still tells offline detection, once per drain.
        let laneUnanswered = false;
        while (!stopped && !status.paused) {
          let s: { target: string; result: StepResult } | null;
          // The service this step sends to (its entries are bound to it): the lane holds are its own.
          const service = outbox.currentService();
          const epoch = o.tokenEpoch?.();
          try {
            // An answer the disk refused to take is written before anything else is sent; while the
            // disk still refuses, the whole queue backs off (below) and tries again.
            outbox.writeKeptSettlements();
            lookedAt = platform.now();
            s = await step(new Set([...laneHolds.waiting(service, lookedAt), ...behind]));
          } catch (err) {
            // Choosing a lane failed, or writing (our own disk, not one entry): the loop backs off like any failure.
            try {
              outbox.recoverInterrupted();
            } catch {
              // Still failing: the next retry tries again; nothing is lost, the rows are on disk.
            }
            held = localFailure(err, platform.now());
            status.lastError = held.error;
            break;
          }
          if (s === null) break;
          const r = s.result;
          if (r.kind === 'waiting') {
            behind.add(s.target);
            continue;
          }
          if (r.kind === 'ok') {
            // An answer that went through: the service is there, so a whole-queue hold starts over.
            laneHolds.passed(service, s.target);
            behind.clear();
            failures = 0;
            status.lastSyncAt = platform.now();
            continue;
          }
          status.lastError = r.failure.error;
          if (r.kind === 'paused') {
            // The user gave a token while this request carried the old one: theirs was not refused.
            if (o.tokenEpoch && o.tokenEpoch() !== epoch) continue;
            // Nothing sent (no token stored) refused nothing; a 403 "Missing Authentication Token" to a
            // request that carried one is a token that did not arrive, which a new token would not mend.
            const said = r.failure.error;
            if (said.status !== undefined)
              connectivity.report(saysNoTokenArrived(said.status, said.serverMessage) ? 'token-not-received' : 'auth');
            status.paused = 'token-needed';
            events.emit('token-needed', { message: r.failure.error.message });
            break;
          }
          // No answer (offline) or "slow down": every lane would meet the same, so the drain stops. A
          // timeout counted against its entries (the service was reachable) is that lane's problem.
          if (waitedOutAsSilence(r.failure) || r.failure.rateLimited) {
            held = r.failure;
            break;
          }
          laneHolds.failed(service, s.target, platform.now(), r.failure.retryAfterMs, r.failure.error);
          // The files or events address silent while the main service answered: not offline.
          if (r.failure.network && r.failure.otherAddress === undefined) laneUnanswered = true;
        }
        if ((held?.network ?? laneUnanswered) && !status.paused) connectivity.report('network');
        if (held !== null && !status.paused) {
          failures++;
          // A Retry-After of a day (or a bogus one of years) is waited an hour at most: the wait says so.
          const { ms, asked } = honouredRetryAfter(held.retryAfterMs);
          queueHeld = {
            until: platform.now() + backoffDelay(failures, platform.random, backoff, ms),
            failure: held,
            asked,
          };
          scheduleWake(queueHeld.until);
          return;
        }
      } while (again && !stopped && !status.paused);
      // Every lane held past the last look waits for this wake; one whose backoff had ended by then
      // had nothing left to send, or it would have gone.
      if (!status.paused) scheduleWake(laneHolds.nextDue(outbox.currentService(), lookedAt));
    } finally {
      status.syncing = false;
      emitStatus();
    }
  }

  /** Asked for (a user, the service back online): nothing waits out a backoff. */
  function syncNow(): Promise<void> {
    if (stopped || status.paused) return Promise.resolve();
    laneHolds.clear();
    queueHeld = null;
    scheduleWake(null);
    return drainDue();
  }

  /** A new entry, or a backoff ran out: lanes still backing off keep waiting, the others go. */
  function drainDue(): Promise<void> {
    if (stopped || status.paused || queueHeld !== null) return Promise.resolve();
    if (draining) {
      again = true;
      return draining;
    }
    draining = drain().finally(() => {
      draining = null;
    });
    return draining;
  }

  return {
    events,
    start() {
      outbox.recoverInterrupted();
      // Requests the app quit while following: followed again, as long as after their create's answer.
      try {
        for (const r of unfollowedLocationRequests(outbox)) follow(r.id, r.requestId);
      } catch (err) {
        // Not read now (the disk): they stay done as their answer left them, and are looked for at the next start.
        o.log?.('location requests to follow could not be listed', {
          error: err instanceof Error ? err.message : String(err),
        });
      }
      unsubscribe.push(outbox.events.on('enqueued', () => kick()));
      if (!connectivity.online) scheduleProbe();
      void syncNow();
    },
    async stop() {
      stopped = true;
      for (const t of [wakeTimer, kickTimer, probeTimer]) if (t !== null) platform.clearTimeout(t);
      abort.abort();
      for (const u of unsubscribe) u();
      await draining?.catch(() => undefined);
    },
    syncNow,
    sendDue: drainDue,
    retry(id) {
      const ok = putBackToSend(outbox, id);
      if (ok) void drainDue();
      return ok;
    },
    async resume() {
      status.paused = null;
      failures = 0;
      queueHeld = null;
      emitStatus();
      await syncNow();
    },
    status: snapshot,
    laneHold: (target) => laneHolds.held(outbox.currentService(), target, platform.now()),
    queueHold: () =>
      queueHoldOf({
        now: platform.now(),
        paused: status.paused !== null,
        online: connectivity.online,
        offlineSince: connectivity.offlineSince,
        // A hold whose time has passed is over even if its wake-up is late (the machine slept).
        held: queueHeld !== null && queueHeld.until > platform.now() ? queueHeld : null,
      }),
  };
}
