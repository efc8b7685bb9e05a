import type { IntentType } from '../../shared/outbox/intents.js';
import { ENDPOINT_OF, isIdempotentIntent } from '../../shared/outbox/intent-meta.js';
import type { StoreContext } from './store-context.js';
import type { DependencyChain } from './dependency-chain.js';
import type { Outbox } from './outbox-types.js';
import type { EntryError, Settlement } from './entry.js';

/**
 * The sync engine's writes: an entry is claimed before its request leaves and settled by the answer;
 * after a crash, what was in flight is settled by whether resending it is harmless.
 */
export function syncTransitions(
  { db, st, events, now, service, reread }: StoreContext,
  { failDependents }: Pick<DependencyChain, 'failDependents'>,
): Pick<Outbox, 'claim' | 'settle' | 'writeKeptSettlements' | 'recoverInterrupted'> {
  function write(settlements: readonly Settlement[], requestId?: string, outcome?: string): void {
    const t = now();
    const dependents = db
      .transaction(() => {
        for (const s of settlements) {
          const err: EntryError | undefined = 'error' in s ? s.error : undefined;
          const result = s.state === 'done' && s.result !== undefined ? JSON.stringify(s.result) : null;
          const answered = 'answered' in s && s.answered === true ? 1 : 0;
          st.settle.run(s.state, err ? JSON.stringify(err) : null, result, answered, s.state, t, s.id);
        }
        if (requestId !== undefined && outcome !== undefined) st.requestOutcome.run(outcome, requestId);
        return failDependents(
          settlements.filter((s) => s.state === 'failed').map((s) => s.id),
          t,
        );
      })
      .immediate();
    events.emit('changed', reread([...settlements.map((s) => s.id), ...dependents]));
  }
  /**
   * Settlements whose write failed (the disk went full or read-only between a request's answer and
   * its write), in order. Each is the only record of what the service answered: they are written
   * before the next claim or settle, and an entry of theirs, still 'sending' on disk, is not taken
   * for one a crash interrupted (which would call a delivered webhook "may or may not have reached
   * the server"). Only a restart before the disk is back loses them; then the entries are as a
   * crash leaves them.
   */
  const kept: { settlements: readonly Settlement[]; requestId?: string | undefined; outcome?: string | undefined }[] =
    [];
  function writeKept(): void {
    while (kept.length > 0) {
      const k = kept[0]!;
      write(k.settlements, k.requestId, k.outcome);
      kept.shift();
    }
  }

  return {
    writeKeptSettlements: writeKept,
    claim(ids, requestId, endpoint) {
      writeKept();
      const t = now();
      // Read in the same turn as the transport reads the connection for this request (no await between).
      const to = service();
      const taken = db
        .transaction(() => {
          const got = ids.filter((id) => st.claim.run(requestId, t, id, to).changes === 1);
          if (got.length > 0) st.logRequest.run(requestId, endpoint, t, got.length);
          return got;
        })
        .immediate();
      if (taken.length > 0) events.emit('changed', reread(taken));
      return taken;
    },
    settle(settlements, requestId, outcome) {
      try {
        writeKept();
        write(settlements, requestId, outcome);
      } catch (err) {
        kept.push({ settlements, requestId, outcome });
        throw err;
      }
    },
    recoverInterrupted() {
      try {
        writeKept();
      } catch {
        // The disk still refuses: those entries stay as they are, and the settle below fails the same.
      }
      const answered = new Set(kept.flatMap((k) => k.settlements.map((s) => s.id)));
      // By the stored kind alone: an entry whose content no longer reads is settled all the same.
      const interrupted = st.inState.all('sending', 0, Number.MAX_SAFE_INTEGER).filter((e) => !answered.has(e.id));
      const settlements: Settlement[] = interrupted.map((e) =>
        Object.hasOwn(ENDPOINT_OF, e.type) && isIdempotentIntent(e.type as IntentType)
          ? { id: e.id, state: 'pending' }
          : {
              id: e.id,
              state: 'uncertain',
              error: {
                kind: 'interrupted',
                message: 'The app stopped while this was being sent; it may or may not have reached the server.',
                at: now(),
              },
            },
      );
      // Not kept if it fails: it is worked out again from the disk each time.
      if (settlements.length > 0) {
        writeKept();
        write(settlements);
      }
      const uncertain = settlements.filter((s) => s.state === 'uncertain').length;
      return { requeued: settlements.length - uncertain, uncertain };
    },
  };
}
