import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { heldByRules } from '../../../../main/sync/cross-target.js';
import { ENTRY_BATCH_LIMIT } from '../../../../main/sync/coalesce.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import type { TubeNames } from '../../../../main/sync/tube-names.js';
import { assign, fakeNow, tempDir } from '../outbox/helpers.js';

/**
 * The rule that holds a tube into a position behind the move out of it runs on every pass of a box's
 * lane. A box filled and emptied for months must not make each pass read (and parse) every entry
 * that ever went into it: only what may still hold its positions.
 */
describe('a tube into a position: what the sync reads to know whether it waits', () => {
  /** The outbox as the rule sees it, counting every entry it hands back. */
  function counted(outbox: Outbox): { outbox: Outbox; entriesRead: () => number } {
    let n = 0;
    const spy = new Proxy(outbox, {
      get(target, key, receiver) {
        const v: unknown = Reflect.get(target, key, receiver);
        if (typeof v !== 'function') return v;
        return (...args: unknown[]) => {
          const r: unknown = v.apply(target, args);
          if (Array.isArray(r)) n += r.length;
          return r;
        };
      },
    });
    return { outbox: spy, entriesRead: () => n };
  }

  /** A fresh outbox file for `use`, closed and removed after. */
  function withOutbox<T>(use: (outbox: Outbox) => T): T {
    const t = tempDir('moves-out-of-');
    const outbox = createOutbox({ path: path.join(t.dir, 'o.db'), now: fakeNow().now });
    try {
      return use(outbox);
    } finally {
      outbox.close();
      t.cleanup();
    }
  }
  const sentAll = (outbox: Outbox, intents: Intent[]) =>
    outbox.settle(outbox.enqueueMany(intents).map((id) => ({ id, state: 'done' as const })));
  /** The box's lane as the rules cut it for one pass: the tubes sent in its request. */
  function boxPass(outbox: Outbox, names?: TubeNames): string[] {
    const target = outbox.oldestPendingTargets(10).find((l) => l.includes('"BOX"'))!;
    const { run } = heldByRules(outbox, outbox.pendingOf(target, ENTRY_BATCH_LIMIT), names);
    return run.map((e) => (e.intent.type === 'location-assign' ? e.intent.id : ''));
  }

  /**
   * `history` tubes each put at A1 and moved on to the fridge, all sent; then TB-H put at A2 (sent),
   * moved to the fridge (queued), and two new tubes queued into A1 and A2. What the rule cuts the box's
   * lane to, and how many entries it read to know.
   */
  function passWith(history: number): { sent: string[]; entriesRead: number } {
    return withOutbox((outbox) => {
      for (let r = 0; r < history; r++)
        sentAll(outbox, [assign(`TB-${r}`, 'A1'), assign(`TB-${r}`, undefined, 'FRIDGE')]);
      sentAll(outbox, [assign('TB-H', 'A2')]);
      outbox.enqueueMany([assign('TB-H', undefined, 'FRIDGE'), assign('TB-N1', 'A1'), assign('TB-N2', 'A2')]);
      const c = counted(outbox);
      return { sent: boxPass(c.outbox), entriesRead: c.entriesRead() };
    });
  }

  it('reads as many entries after a long history of the box as after a short one', () => {
    const short = passWith(3);
    const long = passWith(100);
    // A1 was emptied by a sent move; A2 waits for TB-H's queued move out of it.
    expect(short.sent).toEqual(['TB-N1']);
    expect(long.sent).toEqual(['TB-N1']);
    expect(long.entriesRead).toBe(short.entriesRead);
  });

  it('a position emptied by a sent move holds nothing behind a later queued move of that tube', () => {
    const sent = withOutbox((outbox) => {
      sentAll(outbox, [assign('TB-H', 'A2'), assign('TB-H', undefined, 'FRIDGE')]);
      outbox.enqueueMany([assign('TB-H', undefined, 'FREEZER'), assign('TB-N2', 'A2')]);
      return boxPass(outbox);
    });
    expect(sent).toEqual(['TB-N2']);
  });

  it('a move out sent under another name of the tube frees the position too', () => {
    // The row's sample ID first, as the read cache answers once it has the row.
    const names: TubeNames = (_labsheet, id) => (id.endsWith('-H') ? ['S-H', 'TB-H'] : [id]);
    const sent = withOutbox((outbox) => {
      sentAll(outbox, [assign('TB-H', 'A2'), assign('S-H', undefined, 'FRIDGE')]);
      outbox.enqueueMany([assign('S-H', undefined, 'FREEZER'), assign('TB-N2', 'A2')]);
      return boxPass(outbox, names);
    });
    expect(sent).toEqual(['TB-N2']);
  });

  it('a tube into a position still waits for the queued move that empties it', () => {
    const sent = withOutbox((outbox) => {
      sentAll(outbox, [assign('TB-H', 'A2')]);
      outbox.enqueueMany([
        assign('TB-H', undefined, 'FRIDGE'),
        assign('TB-H', undefined, 'FREEZER'),
        assign('TB-N2', 'A2'),
      ]);
      return boxPass(outbox);
    });
    expect(sent).toEqual([]);
  });

  it('a move of the tube older than its placement there empties nothing: the position does not wait for it', () => {
    // TB-H's move to the fridge was refused; TB-H then went to A2 (sent); the fridge move is retried. It is
    // older than the placement, so it is never sent after it (it is superseded), and A2 stays full.
    const sent = withOutbox((outbox) => {
      const [fridge] = outbox.enqueueMany([assign('TB-H', undefined, 'FRIDGE')]);
      outbox.settle([{ id: fridge!, state: 'failed', error: { kind: 'server', message: 'unavailable', at: 0 } }]);
      sentAll(outbox, [assign('TB-H', 'A2')]);
      expect(outbox.retry(fridge!)).toBe(true);
      outbox.enqueueMany([assign('TB-N2', 'A2')]);
      return boxPass(outbox);
    });
    expect(sent).toEqual(['TB-N2']);
  });

  it('a tube moved back into the position it left waits for nothing: it is the tube held there', () => {
    // TB-H at A2 (sent); queued: TB-H to A3, then back to A2. Both go in one request: A2 holds TB-H itself.
    const sent = withOutbox((outbox) => {
      sentAll(outbox, [assign('TB-H', 'A2')]);
      outbox.enqueueMany([assign('TB-H', 'A3'), assign('TB-H', 'A2')]);
      return boxPass(outbox);
    });
    expect(sent).toEqual(['TB-H', 'TB-H']);
  });
});
