import type { OutboxEntry, Settlement } from '../outbox/entry.js';
import { GAVE_UP } from '../outbox/may-have-arrived.js';
import { ENDPOINT_OF } from '../../shared/outbox/intent-meta.js';
import type { LocationAssignIntent, RowUpdateIntent, WellIntent } from '../../shared/outbox/intents.js';
import {
  acceptedNote,
  gaveUp,
  MAX_ANSWERED_FAILURES,
  triedError,
  triedMayHaveApplied,
  waitedOutAsSilence,
  type Classified,
} from './classify.js';
import { failureOf } from './failure-of.js';
import { coalesceAssignments, coalesceRows, coalesceWells, type Coalesced } from './coalesce.js';
import { positionKey } from '../../shared/layout/positions.js';
import type { SendContext, StepResult } from './step-result.js';
import type { Withheld } from './superseded.js';
import { ONLY_AS_QUEUED, tubeKey, type TubeNames } from './tube-names.js';

type Kind = 'wells' | 'assignments' | 'rows';

interface Prepared {
  // The request/response types differ per kind; `send` closes over the matching pair.
  send(ctx: SendContext): Promise<unknown>;
  coalesced: Coalesced<unknown, never>;
}

function prepare(kind: Kind, entries: readonly OutboxEntry[], round: Round): Prepared {
  if (kind === 'wells') {
    const tagged = entries.map((e) => ({ id: e.id, intent: e.intent as WellIntent }));
    const c = coalesceWells(tagged[0]!.intent.manifest, tagged);
    return {
      coalesced: c as Coalesced<unknown, never>,
      send: (ctx) => ctx.transport.updateManifest(c.request, { signal: ctx.signal }),
    };
  }
  if (kind === 'assignments') {
    const c = coalesceAssignments(
      entries.map((e) => ({ id: e.id, intent: e.intent as LocationAssignIntent })),
      round.names,
    );
    return {
      coalesced: c as Coalesced<unknown, never>,
      send: (ctx) => ctx.transport.assignLocation(c.request, { signal: ctx.signal }),
    };
  }
  const c = coalesceRows(
    entries.map((e) => ({ id: e.id, intent: e.intent as RowUpdateIntent })),
    round.withheld,
    round.names,
  );
  return {
    coalesced: c as Coalesced<unknown, never>,
    send: (ctx) => ctx.transport.updateRowsById(c.request, { signal: ctx.signal }),
  };
}

/**
 * The entries behind one element of a request (one well, one tube, one row), oldest first. Splitting
 * a batch never separates them, so the halves touch different elements and may go in any order.
 */
type Group = readonly OutboxEntry[];

function elementKey(e: OutboxEntry, names: TubeNames): string {
  const i = e.intent;
  if (i.type === 'well-set' || i.type === 'well-remove') return positionKey(i.position);
  if (i.type === 'location-assign') return i.id;
  // A row's updates under its barcode and under its sample ID are one element (coalesceRows).
  if (i.type === 'row-update') return tubeKey(names, i.labsheet, i.id);
  return String(e.id);
}

function groupsOf(entries: readonly OutboxEntry[], names: TubeNames): Group[] {
  const groups = new Map<string, OutboxEntry[]>();
  for (const e of entries) {
    const key = elementKey(e, names);
    const g = groups.get(key);
    if (g) g.push(e);
    else groups.set(key, [e]);
  }
  return [...groups.values()];
}

/** One drain step's bookkeeping across the requests of a split batch. */
interface Round {
  /** Entries already counted an answered failure in this step: a split counts each entry once. */
  counted: Set<number>;
  requests: number;
  /** Requests that settled something (done, or refused element by element): the service is working. */
  progress: number;
  /** An element that failed transiently on its own: the step goes on, then backs off for it. */
  held: Classified | null;
  /**
   * Row cells left out because a newer value already went (superseded.ts). Worked out once per step:
   * a row's entries are never split apart, so nothing sent later in the step changes it.
   */
  withheld: ReadonlyMap<number, Withheld>;
  /** Every name of a row (tube-names.ts): a row's updates under either are one element. */
  names: TubeNames;
}

/** Stops the whole step: no answer at all (offline), the token is needed, or the service is failing. */
type Stop = { kind: 'transient' | 'paused'; failure: Classified };

type Attempt =
  | { kind: 'settled' }
  | { kind: 'rejected'; failure: Classified; named: ReadonlySet<number> }
  | { kind: 'failing'; failure: Classified }
  | Stop;

/**
 * Sends one coalesced batch of idempotent entries. Entries are marked 'sending' with the request id
 * before the request leaves. What happens on failure:
 * - no answer (offline): the batch waits as it is; time offline counts nothing;
 * - a content error (400/404/409/422): the batch is split — the element the server named apart, else
 *   in halves — until the bad elements stand alone and fail with the server's message;
 * - an answered transient failure (5xx, 408, 429, or no answer while the service is reachable, see
 *   countUnanswered): each entry counts one failed attempt per step, and an
 *   entry that reaches MAX_ANSWERED_FAILURES fails with its reason wherever it is (whole batch, a part,
 *   alone), so a batch that keeps failing ends. A batch that fails again is split level by level: when
 *   parts get through, the failing ones are split further until a poison element is alone while the
 *   rest of the plate goes through; when a whole level of four or more parts fails, it is the service,
 *   not the batch, and the step backs off. A 429 is never split (it asks for fewer requests);
 * - a 2xx whose answer cannot be read: the service applied it; done, with a note.
 * Resending is safe because these endpoints are idempotent.
 */
export async function sendCoalesced(
  ctx: SendContext,
  kind: Kind,
  entries: readonly OutboxEntry[],
  withheld: ReadonlyMap<number, Withheld> = new Map(),
  names: TubeNames = ONLY_AS_QUEUED,
): Promise<StepResult> {
  const round: Round = { counted: new Set(), requests: 0, progress: 0, held: null, withheld, names };
  // The engine may have waited (the plate's read-back) since it listed these: take them as they are now.
  const groups = stillPending(ctx, groupsOf(entries, names));
  if (groups.length === 0) return { kind: 'ok', requests: 0 };
  const stop = await sendBatch(
    ctx,
    kind,
    groups,
    round,
    groups.some((g) => g.some((e) => e.answeredFailures > 0)),
  );
  if (stop) return { ...stop, requests: round.requests };
  if (round.held) return { kind: 'transient', failure: round.held, requests: round.requests };
  return { kind: 'ok', requests: round.requests };
}

async function sendBatch(
  ctx: SendContext,
  kind: Kind,
  groups: Group[],
  round: Round,
  failedBefore: boolean,
): Promise<Stop | null> {
  const r = await attempt(ctx, kind, groups, round);
  if (r.kind === 'settled') return null;
  if (r.kind === 'rejected') return settleRejected(ctx, kind, groups, r, round);
  if (r.kind !== 'failing') return r;
  // Every answered failure counted for each entry of the request: those that reached the bound fail
  // with the reason, whatever part of a batch they are in, so a batch that keeps failing ends.
  const live = giveUpSpent(ctx, groups, r.failure);
  if (live.length === 0) return null;
  if (live.length === 1) return hold(round, r.failure);
  // The first failure of a batch may be the service's moment, not the batch: wait and send it whole
  // again. A rate limit asks for fewer requests, never more; a dropped connection is no reason to split.
  if (!failedBefore || r.failure.rateLimited || waitedOutAsSilence(r.failure))
    return { kind: 'transient', failure: r.failure };
  return isolate(ctx, kind, halves(live), r.failure, round);
}

/** One request for these groups; settles what it can and says what is left to decide. */
async function attempt(ctx: SendContext, kind: Kind, groups: readonly Group[], round: Round): Promise<Attempt> {
  const requestId = ctx.platform.newRequestId();
  const all = groups.flat();
  if (all.length === 0) return { kind: 'settled' };
  const endpoint = ENDPOINT_OF[all[0]!.type];
  // Only what the claim took goes out: an entry cancelled meanwhile is not sent behind the user's back.
  const ids = all.map((e) => e.id);
  const taken = new Set(ctx.outbox.claim(ids, requestId, endpoint));
  const entries = all.filter((e) => taken.has(e.id));
  if (entries.length === 0) return { kind: 'settled' };
  const sent = entries.map((e) => e.id);
  const p = prepare(kind, entries, round);
  round.requests += 1;
  let response: unknown;
  try {
    response = await p.send(ctx);
  } catch (err) {
    const failure = await failureOf(ctx, err);
    if (!failure.network) ctx.onAnswered();
    const waiting = (answered: boolean): Settlement[] =>
      entries.map((e) => {
        const count = answered && !round.counted.has(e.id);
        if (count) round.counted.add(e.id);
        return { id: e.id, state: 'pending', error: triedError(e, failure), answered: count };
      });
    if (failure.action === 'accepted') {
      ctx.log?.('a batch was accepted but its answer was not understood', {
        endpoint,
        entries: sent.length,
        reason: failure.error.reason ?? null,
      });
      const result = acceptedNote(failure.error);
      ctx.outbox.settle(
        sent.map((id) => ({ id, state: 'done', result })),
        requestId,
        'accepted: answer not understood',
      );
      round.progress += 1;
      return { kind: 'settled' };
    }
    if (failure.action === 'pause') {
      ctx.outbox.settle(waiting(false), requestId, 'auth');
      return { kind: 'paused', failure };
    }
    if (failure.action === 'transient' && !failure.answered) {
      ctx.outbox.settle(waiting(false), requestId, `transient: ${failure.error.kind}`);
      return { kind: 'transient', failure };
    }
    if (failure.action === 'transient') {
      ctx.outbox.settle(waiting(true), requestId, `transient: ${failure.error.kind}`);
      return { kind: 'failing', failure };
    }
    ctx.outbox.settle(waiting(false), requestId, `rejected: ${failure.error.status ?? ''}`);
    return { kind: 'rejected', failure, named: new Set(p.coalesced.entriesAt(failure.error.reason ?? '') ?? []) };
  }
  ctx.onAnswered();
  const outcomes = p.coalesced.outcomes(response as never);
  const now = ctx.platform.now();
  ctx.outbox.settle(
    outcomes.map((o) =>
      o.ok
        ? { id: o.id, state: 'done' as const, ...(o.result !== undefined ? { result: o.result } : {}) }
        : {
            id: o.id,
            state: 'failed' as const,
            error: o.unsure
              ? // The service answered without confirming it: read as may-have-arrived, never "never happened".
                { kind: GAVE_UP, message: o.message, at: now }
              : o.refused
                ? { kind: 'rejected', message: o.message, at: now }
                : { kind: 'not-found', status: 404, serverMessage: 'Not found', message: o.message, at: now },
          },
    ),
    requestId,
    'ok',
  );
  round.progress += 1;
  return { kind: 'settled' };
}

/**
 * A refused batch is split until the refused elements stand alone: the element the server's reason
 * names is tried after the rest, otherwise halves. A refused element fails with the server's message.
 * When every part is refused alike, the refusal is most likely each element's (a batch setting a
 * misspelt column on 200 rows made 399 requests in two seconds, down to single rows): one element alone
 * then says whether it is, and if so the elements that change the same cells to the same values fail with
 * it unsent (the user retries or discards them); the others are split as before.
 */
async function settleRejected(
  ctx: SendContext,
  kind: Kind,
  groups: readonly Group[],
  r: { failure: Classified; named: ReadonlySet<number> },
  round: Round,
): Promise<Stop | null> {
  if (groups.length === 1) {
    failAll(ctx, groups, r.failure, round);
    return null;
  }
  const named = groups.filter((g) => g.some((e) => r.named.has(e.id)));
  const parts =
    named.length > 0 && named.length < groups.length
      ? [groups.filter((g) => !named.includes(g)), named]
      : halves(groups);
  const refused: Refused[] = [];
  for (const part of parts) {
    const fresh = stillPending(ctx, part);
    if (fresh.length === 0) continue;
    const a = await attempt(ctx, kind, fresh, round);
    if (a.kind === 'settled') continue;
    if (a.kind === 'rejected') {
      refused.push({ groups: fresh, r: a });
      continue;
    }
    const stop = a.kind === 'failing' ? holdOrGiveUp(ctx, fresh, a.failure, round) : a;
    if (stop) return stop;
  }
  const alike = refused.length === parts.length && refused.length > 1 && allAlike(refused.map((x) => x.r.failure));
  if (alike) return settleRefusedAlike(ctx, kind, refused, round);
  for (const x of refused) {
    const stop = await settleRejected(ctx, kind, x.groups, x.r, round);
    if (stop) return stop;
  }
  return null;
}

/** A part of a batch the service refused, and how. */
interface Refused {
  groups: Group[];
  r: { failure: Classified; named: ReadonlySet<number> };
}

/**
 * Every part of a refused batch refused alike: one element alone (one tried alone already, else the
 * first) says whether the refusal is its own. If so it fails with it, and so does every element making
 * the same change, unsent; what else is left is split as before. If not, all of it is split as before.
 */
async function settleRefusedAlike(
  ctx: SendContext,
  kind: Kind,
  refused: readonly Refused[],
  round: Round,
): Promise<Stop | null> {
  const tried = refused.find((x) => x.groups.length === 1);
  const first = refused[0]!.groups[0]!;
  const probe = tried ? tried.groups[0]! : first;
  let answer: Attempt = tried ? { kind: 'rejected', ...tried.r } : { kind: 'settled' };
  if (!tried) {
    const fresh = stillPending(ctx, [probe]);
    if (fresh.length > 0) answer = await attempt(ctx, kind, fresh, round);
  }
  const rest = refused.flatMap((x) => x.groups).filter((g) => g !== probe);
  if (answer.kind === 'rejected' && allAlike([refused[0]!.r.failure, answer.failure])) {
    failAll(ctx, stillPending(ctx, [probe]), answer.failure, round);
    const same = changeOf(probe);
    const unsent = stillPending(
      ctx,
      rest.filter((g) => changeOf(g) === same),
    );
    failAll(ctx, unsent, answer.failure, round);
    const others = stillPending(
      ctx,
      rest.filter((g) => changeOf(g) !== same),
    );
    return others.length > 0 ? settleRejected(ctx, kind, others, { ...answer, named: new Set() }, round) : null;
  }
  if (answer.kind === 'rejected') {
    const stop = await settleRejected(ctx, kind, stillPending(ctx, [probe]), answer, round);
    if (stop) return stop;
  } else if (answer.kind === 'failing') {
    holdOrGiveUp(ctx, stillPending(ctx, [probe]), answer.failure, round);
  } else if (answer.kind !== 'settled') return answer;
  for (const x of refused) {
    const left = stillPending(
      ctx,
      x.groups.filter((g) => g !== probe),
    );
    if (left.length === 0) continue;
    const stop = await settleRejected(ctx, kind, left, x.r, round);
    if (stop) return stop;
  }
  return null;
}

/** These elements fail with the refusal. */
function failAll(ctx: SendContext, groups: readonly Group[], failure: Classified, round: Round): void {
  if (groups.length === 0) return;
  ctx.outbox.settle(groups.flat().map((e) => ({ id: e.id, state: 'failed' as const, error: failure.error })));
  round.progress += 1;
}

/**
 * Whether refusals say the same: the same class, status and words, whichever element of its own
 * request a reason names (`rows[3]` in one request is `rows[1]` in the next). Only refusals that give a
 * reason of their own: the spec's bare "Not found" or "Validation error" says the same for any element
 * (two rows deleted on the service, the first of them probed, failed eight good rows unsent with it).
 */
function allAlike(failures: readonly Classified[]): boolean {
  if (failures.some((f) => !f.error.reason)) return false;
  const said = (f: Classified) =>
    JSON.stringify([f.error.kind, f.error.status ?? null, (f.error.reason ?? '').replace(/\[\d+\]/g, '[]')]);
  return failures.every((f) => said(f) === said(failures[0]!));
}

/**
 * What an element's change is, for telling elements refused for the same change: a row's cells and their
 * values (a batch sets one field to one value on every row). Any well or tube change is alike: the
 * service refuses those for their plate or location (each is named by its element otherwise).
 */
function changeOf(g: Group): string {
  const cells: Record<string, unknown> = {};
  for (const e of g) if (e.intent.type === 'row-update') Object.assign(cells, e.intent.changes);
  return JSON.stringify(Object.entries(cells).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Breadth first: each part is tried whole; failing parts are split again only while something gets through. */
async function isolate(
  ctx: SendContext,
  kind: Kind,
  first: Group[][],
  failure: Classified,
  round: Round,
): Promise<Stop | null> {
  let level = first;
  let last = failure;
  while (level.length > 0) {
    const before = round.progress;
    const failing: Group[][] = [];
    for (const part of level) {
      const fresh = stillPending(ctx, part);
      if (fresh.length === 0) continue;
      const a = await attempt(ctx, kind, fresh, round);
      if (a.kind === 'settled') continue;
      if (a.kind === 'rejected') {
        const stop = await settleRejected(ctx, kind, fresh, a, round);
        if (stop) return stop;
        continue;
      }
      if (a.kind !== 'failing') return a;
      last = a.failure;
      const live = giveUpSpent(ctx, fresh, a.failure);
      if (live.length === 1) hold(round, a.failure);
      else if (live.length > 1) failing.push(live);
    }
    if (failing.length === 0) return null;
    // Nothing got through at this level: with four or more parts failing, the service is failing,
    // not one element; stop splitting and back off.
    if (round.progress === before && level.length >= 4) return { kind: 'transient', failure: last };
    level = failing.flatMap(halves);
  }
  return null;
}

/**
 * Elements whose answered failures reached the bound fail with the reason (an element's entries
 * together: one is never sent without the ones before it); answers the elements still to try.
 */
function giveUpSpent(ctx: SendContext, groups: readonly Group[], failure: Classified): Group[] {
  const spent = (g: Group) => g.some((e) => (ctx.outbox.get(e.id)?.answeredFailures ?? 0) >= MAX_ANSWERED_FAILURES);
  const out = groups.filter(spent);
  if (out.length > 0)
    ctx.outbox.settle(
      out.flat().map((e) => {
        // As stored after this try: its error says whether any try so far may have made the change.
        const now = ctx.outbox.get(e.id) ?? e;
        const error = gaveUp(failure, MAX_ANSWERED_FAILURES, triedMayHaveApplied(now));
        return { id: e.id, state: 'failed' as const, error };
      }),
    );
  return groups.filter((g) => !spent(g));
}

/** A part failing again: what reached the bound fails; the rest waits for the next round. */
function holdOrGiveUp(ctx: SendContext, groups: readonly Group[], failure: Classified, round: Round): null {
  if (giveUpSpent(ctx, groups, failure).length > 0) hold(round, failure);
  return null;
}

function hold(round: Round, failure: Classified): null {
  round.held = failure;
  return null;
}

function halves(groups: readonly Group[]): Group[][] {
  const mid = Math.ceil(groups.length / 2);
  return [groups.slice(0, mid), groups.slice(mid)].filter((h) => h.length > 0);
}

/** Re-read: the user may have cancelled an entry meanwhile; only still-pending ones are sent. */
function stillPending(ctx: SendContext, groups: readonly Group[]): Group[] {
  return groups
    .map((g) => g.map((e) => ctx.outbox.get(e.id)).filter((e): e is OutboxEntry => e !== null && e.state === 'pending'))
    .filter((g) => g.length > 0);
}
