import type { Intent } from '../../shared/outbox/intents.js';
import { unsavedSubject } from '../../shared/outbox/unsaved-subject.js';
import { targetKeyOf } from '../../shared/outbox/intent-meta.js';
import { batchDependency } from '../../shared/outbox/dependency.js';
import { WriteError, toWriteError } from '../common/write-error.js';
import { refuseReadElsewhere } from './read-elsewhere.js';
import { refuseStandIn, validate } from './intent-checks.js';
import type { DependencyChain } from './dependency-chain.js';
import type { StoreContext } from './store-context.js';
import type { Outbox } from './outbox-types.js';

/** An entry written (`fresh`), or the one a dedupe key already names. */
export type Inserted = { id: number; target: string; fresh: boolean };
/** Writes one entry inside the caller's transaction. */
export type Insert = (i: Intent, dedupeKey: string | null, readFrom: string | undefined) => Inserted;

/**
 * Queueing: every new entry goes through `insert`, which binds it to the service in use and answers a
 * resend (same dedupe key) with the entry already committed. `enqueue` is the scan's path: the facade
 * hands it out as it is, so nothing sits between a scan and its commit.
 */
export function enqueuing(
  { db, st, events, now, service }: StoreContext,
  { checkBuiltOn }: Pick<DependencyChain, 'checkBuiltOn'>,
): Pick<Outbox, 'enqueue' | 'enqueueMany'> & { insert: Insert } {
  function insert(
    i: Intent,
    dedupeKey: string | null,
    readFrom: string | undefined,
  ): { id: number; target: string; fresh: boolean } {
    // A resend of a write already committed answers that entry, even after a switch: it was queued
    // while its service was in use.
    if (dedupeKey !== null) {
      const existing = st.byDedupe.get(dedupeKey);
      if (existing) return { id: existing.id, target: '', fresh: false };
    }
    const bound = service();
    refuseReadElsewhere(readFrom, bound);
    const target = targetKeyOf(i);
    const t = now();
    const info = st.insert.run(i.type, target, JSON.stringify(i), t, t, dedupeKey, bound);
    return { id: Number(info.lastInsertRowid), target, fresh: true };
  }

  // Built once: BEGIN IMMEDIATE takes the write lock up front, so a commit never fails half-way on
  // a lock upgrade, and reusing the wrapper keeps the per-scan path lean.
  const insertOne = db.transaction((i: Intent, dedupeKey: string | null, readFrom: string | undefined) =>
    insert(i, dedupeKey, readFrom),
  );

  return {
    insert,
    enqueue(i, opts) {
      const valid = validate(i);
      refuseStandIn([valid], new Set());
      let r: { id: number; target: string; fresh: boolean };
      try {
        r = insertOne.immediate(valid, opts?.dedupeKey ?? null, opts?.readFrom);
      } catch (err) {
        const { text, ...how } = unsavedSubject([valid]);
        throw toWriteError(err, text, how);
      }
      if (r.fresh) events.emit('enqueued', { id: r.id, target: r.target });
      return r.id;
    },
    enqueueMany(intents, opts) {
      const valid = intents.map(validate);
      const dependencies = (opts?.dependencies ?? []).map((d) => {
        const p = batchDependency.safeParse(d);
        if (!p.success || p.data.after >= p.data.entry || p.data.entry >= valid.length)
          throw new WriteError('invalid', 'A dependency must name an earlier entry of the same batch.');
        return p.data;
      });
      refuseStandIn(valid, new Set(dependencies.map((d) => d.entry)));
      const key = opts?.dedupeKey;
      const builtOn = opts?.builtOn ?? [];
      let rs: { id: number; target: string; fresh: boolean }[];
      try {
        rs = db
          .transaction(() => {
            const inserted = valid.map((i, n) => insert(i, key === undefined ? null : `${key}:${n}`, opts?.readFrom));
            // A resent batch (found by its key) keeps what it was first built on.
            if (builtOn.length > 0 && inserted.some((r) => r.fresh)) checkBuiltOn(builtOn);
            for (const r of inserted)
              if (r.fresh && builtOn.length > 0) st.setWaitsFor.run(JSON.stringify(builtOn), r.id);
            for (const d of dependencies)
              if (inserted[d.entry]!.fresh)
                st.setDependency.run(
                  inserted[d.after]!.id,
                  // None: it only waits for that entry (and fails and goes again with it).
                  d.supplies ? JSON.stringify(d.supplies) : null,
                  inserted[d.entry]!.id,
                );
            return inserted;
          })
          .immediate();
      } catch (err) {
        const { text, ...how } = opts?.subject ?? unsavedSubject(valid);
        throw toWriteError(err, text, how);
      }
      for (const r of rs) if (r.fresh) events.emit('enqueued', { id: r.id, target: r.target });
      return rs.map((r) => r.id);
    },
  };
}
