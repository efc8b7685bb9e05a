import type { EntryError, OutboxEntry, Settlement } from '../outbox/entry.js';
import { stagedCopyLostAdvice } from '../../shared/outbox-words/staged-copy.js';
import type { IntentOf } from '../../shared/outbox/intents.js';
import { locateStaged, verifyStaged } from '../staging/staged-file.js';
import { ENDPOINT_OF } from '../../shared/outbox/intent-meta.js';
import { STAGED_COPY_LOST } from '../../shared/ipc/channels/outbox.js';
import { fileOutcome, type FileUploadResult } from '../../shared/api/files.js';
import {
  acceptedNote,
  failureMayHaveApplied,
  gaveUp,
  MAX_ANSWERED_FAILURES,
  noFileResult,
  triedError,
  unclearFileResult,
  triedMayHaveApplied,
} from './classify.js';
import { failureOf } from './failure-of.js';
import { findCreated, settleFound } from './reconcile.js';
import type { SendContext, StepResult } from './step-result.js';
import type { UploadSendProgress } from '../../shared/ipc/channels/upload.js';
import { throttledProgress } from './upload-progress.js';

/** Thrown inside `call` when the server answered but refused this entry in its body (e.g. REJECTED). */
class RefusedInBody extends Error {}
/**
 * Thrown inside `call` when the server's answer to an upload does not say whether the file was stored:
 * no result for it, or (`said`) a result whose status is neither stored nor refused and that names no file id.
 */
class NoFileResult extends Error {
  constructor(readonly said?: FileUploadResult) {
    super('no clear result for the file');
  }
}

/**
 * What sendSingle takes beyond every sender's context: where an upload's progress goes (the app passes
 * it on to the page, whose Upload row shows it), told a few times a second at most (throttledProgress).
 */
export interface SingleSendContext extends SendContext {
  onUploadProgress?: (progress: UploadSendProgress) => void;
}

async function call(ctx: SingleSendContext, entry: OutboxEntry): Promise<unknown> {
  const i = entry.intent;
  const o = { signal: ctx.signal };
  switch (i.type) {
    case 'file-upload': {
      const report = ctx.onUploadProgress;
      const res = await ctx.transport.storeAndEmbedFiles(
        { files: [{ path: i.stagedPath, name: i.fileName }], isGlobal: i.isGlobal, fileSource: i.fileSource },
        report ? { ...o, onProgress: throttledProgress(entry.id, i.size, report, () => ctx.platform.now()) } : o,
      );
      const r = res[0];
      if (!r) throw new NoFileResult();
      const outcome = fileOutcome(r);
      if (outcome === 'refused')
        throw new RefusedInBody(
          `Rejected${r.status.toUpperCase() === 'REJECTED' ? '' : ` (${r.status})`}: ${r.message ?? 'no reason given'}`,
        );
      if (outcome === 'unsure') throw new NoFileResult(r);
      return r;
    }
    case 'webhook':
      return ctx.transport.sendWebhook(i.payload, {
        ...(i.eventType !== undefined ? { eventType: i.eventType } : {}),
        signal: ctx.signal,
      });
    case 'labflow-link':
      return ctx.transport.linkSamplesToTest(i.request, o);
    case 'labsheet-create':
      return ctx.transport.createLabsheet(i.request, o);
    case 'location-create':
      return ctx.transport.createLocations(i.request, o);
    case 'labsheet-to-template':
      return ctx.transport.labsheetToTemplate(i.request, o);
    case 'delete-column':
      return ctx.transport.deleteColumn(i.request, o);
    case 'remove-permissions':
      return ctx.transport.removeFolderPermissions(i.request, o);
    case 'attach-image':
      return ctx.transport.attachImage(i.request, o);
    case 'add-sequence-to-row':
      return ctx.transport.addSequenceToRow(i.request, o);
    case 'labspace-create':
      return ctx.transport.createLabspace(i.request, o);
    default:
      throw new Error(`${i.type} is coalesced, not sent alone`);
  }
}

/**
 * Sends one entry that cannot share a request — in practice the non-idempotent ones. If the request
 * may have reached the server without an answer the entry becomes 'uncertain' and is NOT resent:
 * reconciliation or the user decides. A labsheet-create refused with 409 after an earlier uncertain
 * attempt may have been created by that attempt: what the service shows decides (findCreated).
 */
export async function sendSingle(ctx: SingleSendContext, queued: OutboxEntry): Promise<StepResult> {
  const now = ctx.platform.now();
  let entry = queued;
  if (entry.intent.type === 'file-upload') {
    // The path stored is spelled as the data folder was when the file was staged; a folder moved since
    // (a new profile, a restored backup) has the copy under the same unique name in today's staging folder.
    const intent =
      ctx.stagingDir === undefined
        ? entry.intent
        : { ...entry.intent, stagedPath: await locateStaged(entry.intent.stagedPath, ctx.stagingDir) };
    entry = { ...entry, intent };
    const problem = await verifyStaged(intent);
    // Checking the staged file waits on the disk: a Cancel made meanwhile stands (the settle would overwrite it).
    if (problem && ctx.outbox.get(entry.id)?.state === 'pending') {
      ctx.outbox.settle([
        {
          id: entry.id,
          state: 'failed',
          error: problem.lost
            ? {
                kind: STAGED_COPY_LOST,
                message: `Cannot upload ${intent.fileName}: ${problem.said}. ${stagedCopyLostAdvice(intent.fileSource)}`,
                at: now,
              }
            : { kind: 'staging', message: `Cannot upload ${intent.fileName}: ${problem.said}.`, at: now },
        },
      ]);
      return { kind: 'ok', requests: 0 };
    }
  }
  const requestId = ctx.platform.newRequestId();
  // Checking a staged file waits on the disk; the user may have cancelled the entry meanwhile.
  if (ctx.outbox.claim([entry.id], requestId, ENDPOINT_OF[entry.type]).length === 0) return { kind: 'ok', requests: 0 };
  let result: unknown;
  try {
    result = await call(ctx, entry);
  } catch (err) {
    return settleFailure(ctx, entry, requestId, err);
  }
  // Outside the try: a settle that fails (the disk) is not the request's failure. It was taken for
  // one, and a delivered webhook was settled 'uncertain', or 'failed' with SQLite's words.
  ctx.onAnswered();
  ctx.outbox.settle([{ id: entry.id, state: 'done', result }], requestId, 'ok');
  return { kind: 'ok', requests: 1 };
}

/** What the request's failure makes of the entry, by what the service answered (or did not). */
async function settleFailure(
  ctx: SendContext,
  entry: OutboxEntry,
  requestId: string,
  err: unknown,
): Promise<StepResult> {
  if (err instanceof NoFileResult) {
    ctx.onAnswered();
    const at = ctx.platform.now();
    ctx.outbox.settle(
      [{ id: entry.id, state: 'uncertain', error: err.said ? unclearFileResult(err.said, at) : noFileResult(at) }],
      requestId,
      err.said ? 'answered: file status unclear' : 'answered: no result for the file',
    );
    return { kind: 'ok', requests: 1 };
  }
  if (err instanceof RefusedInBody) {
    ctx.onAnswered();
    ctx.outbox.settle(
      [{ id: entry.id, state: 'failed', error: { kind: 'rejected', message: err.message, at: ctx.platform.now() } }],
      requestId,
      'rejected',
    );
    return { kind: 'ok', requests: 1 };
  }
  const failure = await failureOf(ctx, err);
  if (!failure.network) ctx.onAnswered();
  if (failure.action === 'accepted') {
    ctx.log?.('an entry was accepted but its answer was not understood', {
      entry: entry.id,
      type: entry.type,
      reason: failure.error.reason ?? null,
    });
    ctx.outbox.settle(
      [{ id: entry.id, state: 'done', result: acceptedNote(failure.error) }],
      requestId,
      'accepted: answer not understood',
    );
    return { kind: 'ok', requests: 1 };
  }
  if (failure.action === 'pause') {
    ctx.outbox.settle([{ id: entry.id, state: 'pending', error: triedError(entry, failure) }], requestId, 'auth');
    return { kind: 'paused', failure, requests: 1 };
  }
  if (failure.action === 'transient') {
    if (failure.uncertain) {
      ctx.outbox.settle(
        [{ id: entry.id, state: 'uncertain', error: failure.error }],
        requestId,
        `transient: ${failure.error.kind}`,
      );
      return { kind: 'transient', failure, requests: 1 };
    }
    // Bounded: only answers count, so a long time offline never makes an entry give up.
    const spent = failure.answered && entry.answeredFailures + 1 >= MAX_ANSWERED_FAILURES;
    const applied = triedMayHaveApplied(entry) || failureMayHaveApplied(failure);
    ctx.outbox.settle(
      [
        spent
          ? { id: entry.id, state: 'failed', error: gaveUp(failure, MAX_ANSWERED_FAILURES, applied), answered: true }
          : { id: entry.id, state: 'pending', error: triedError(entry, failure), answered: failure.answered },
      ],
      requestId,
      spent ? 'gave up' : `transient: ${failure.error.kind}`,
    );
    return spent ? { kind: 'ok', requests: 1 } : { kind: 'transient', failure, requests: 1 };
  }
  // "Already exists" can be our own earlier create only if an earlier attempt may have reached the
  // service unanswered; after attempts that certainly created nothing (refused, rate limited, not
  // sent) it is someone else's labsheet and the entry fails with the service's message.
  if (entry.intent.type === 'labsheet-create' && failure.error.kind === 'conflict' && entry.uncertainAttempts > 0) {
    ctx.outbox.settle(
      [await conflictAfterUncertain(ctx, entry, entry.intent.request, failure.error)],
      requestId,
      `rejected: ${failure.error.status ?? ''}`,
    );
    return { kind: 'ok', requests: 1 };
  }
  ctx.outbox.settle(
    [{ id: entry.id, state: 'failed', error: failure.error }],
    requestId,
    `rejected: ${failure.error.status ?? ''}`,
  );
  return { kind: 'ok', requests: 1 };
}

/**
 * A 409 after an uncertain attempt: the labsheet is ours if it has the columns we asked for (see
 * findCreated for what that can and cannot tell). If the service cannot be read now, the entry is
 * uncertain again and the next reconciliation (or the user) decides.
 */
async function conflictAfterUncertain(
  ctx: SendContext,
  entry: OutboxEntry,
  request: IntentOf<'labsheet-create'>['request'],
  conflict: EntryError,
): Promise<Settlement> {
  const id = entry.id;
  try {
    // Bound to the entry's service: a switch in Settings during the look sent the reads to another one.
    const found = await findCreated(ctx.transport, request, ctx.signal, undefined, {
      outbox: ctx.outbox,
      service: entry.service,
    });
    // The service says the name is taken, and no labsheet of that name can be read: sent again, it would
    // answer 409 again, round and round within one sync. Its refusal stands, for the user to decide.
    if (found === 'absent') return { id, state: 'failed', error: conflict };
    return settleFound(id, request, found, ctx.platform.now(), 'a previous attempt created it (409 on resend)');
  } catch {
    return { id, state: 'uncertain', error: conflict };
  }
}
