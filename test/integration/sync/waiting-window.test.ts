/**
 * The Outbox's "Waiting for …" line and the sync engine answer one question, on the same rows: which
 * entry of a lane the engine holds back on its next pass, and what for. Here with more entries than one
 * pass looks at (ENTRY_BATCH_LIMIT): a plate with thousands of changes queued, then a change of a well
 * and a move of a tube into that well. Real sandbox behind the fault proxy; the listing is main's own
 * outbox handler.
 */
import { describe, expect, it } from 'vitest';
import { outboxHandlers } from '../../../main/ipc/handlers/outbox.js';
import { ENTRY_BATCH_LIMIT } from '../../../main/sync/coalesce.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import { serverWell, startedPerTest, startStack, until } from './stack.js';

describe('a move into a well behind more plate changes than one pass reads', () => {
  // A backoff long enough to read the Outbox while it lasts: 3 s (Retry-After) to 4 s.
  const { stack: s } = startedPerTest('waiting-window-', (dir) =>
    startStack(dir, { backoff: { baseMs: 4_000, maxMs: 4_000 } }),
  );

  it('waits for the older change of its well, and the Outbox names that change', async () => {
    const plate = s.sandbox.store.manifests.find('hrid', 'PL-0003')!.uuid; // 96 wells, empty
    // Well fill's changes to other wells than A5: more than the engine reads of a lane in one pass.
    const others: Intent[] = [];
    for (let i = 0; others.length < ENTRY_BATCH_LIMIT; i++) {
      const position = `${'BCDEFGH'[i % 7]}${1 + (Math.floor(i / 7) % 12)}`;
      others.push({
        type: 'well-set',
        manifest: { uuid: plate },
        position,
        sample: { id: 'S-0001', labsheet: 'Samples' },
      });
    }
    const ids = s.outbox.enqueueMany([
      ...others,
      // Then A5 emptied on Well fill, and a tube put in A5 on Assign location: the removal must land first.
      { type: 'well-remove', manifest: { uuid: plate }, position: 'A5', fields: ['SAMPLE'] },
      {
        type: 'location-assign',
        labsheet: 'Samples',
        locationId: plate,
        idType: 'ID_BARCODE',
        id: 'TB000131',
        position: 'A5',
      },
    ]);
    const [removal, move] = ids.slice(-2) as [number, number];
    // The plate's lane is failed by the service (503), so the engine goes on to the move's lane.
    s.proxy.setFaults([{ path: '/manifest/update', fault: { kind: 'status', status: 503, retryAfter: '3' } }]);

    const list = await outboxHandlers({ outbox: s.outbox, sync: s.engine })['outbox.list'](
      { target: s.outbox.get(move)!.target },
      { transport: 'test' },
    );
    const said = list.find((e) => e.id === move)!.waiting;
    expect(said).toMatch(
      new RegExp(`^Waiting for #${removal} \\(.*A5.*\\), a change to this well made before this move on Well fill`),
    );

    s.engine.start();
    await until(
      () => s.engine.status().nextRetryAt !== null && !s.engine.status().syncing,
      20_000,
      'the plate backing off',
    );
    // What the Outbox said is what the engine did: the move was held back for the removal.
    expect(s.outbox.get(move)!.state).toBe('pending');
    expect(s.forwarded('/labsheets/assign-location')).toBe(0);

    s.proxy.setFaults([]);
    await s.engine.syncNow();
    expect([removal, move].map((id) => s.outbox.get(id)!.state)).toEqual(['done', 'done']);
    // The removal went first, so the tube is in A5 (sent the other way round, the removal emptied A5 again).
    expect(serverWell(s.sandbox, 'PL-0003', 'A5').sampleId).toBe('S-0131');
  }, 60_000);
});

describe('a tube into a position emptied by a move within the pass, further on than one pass looks', () => {
  const { stack: s } = startedPerTest('waiting-window-out-', (dir) => startStack(dir));

  const into = (id: string, position?: string): Intent => ({
    type: 'location-assign',
    labsheet: 'Samples',
    locationId: s.sandbox.store.manifests.find('hrid', 'PL-0003')!.uuid,
    idType: 'ID_BARCODE',
    id,
    ...(position === undefined ? {} : { position }),
  });

  it('is not said to wait for that move: the pass sends the move, and the next one the tube', async () => {
    s.outbox.enqueue(into('TB000160', 'A1'));
    await s.engine.syncNow();
    expect(serverWell(s.sandbox, 'PL-0003', 'A1').sampleId).toBe('S-0160');
    // TB000160 moved out of A1, then more moves of the plate than one pass looks at, then a new tube at A1
    // and one more behind it.
    const fillers = Array.from({ length: ENTRY_BATCH_LIMIT - 1 }, () => into('TB000162'));
    const ids = s.outbox.enqueueMany([
      into('TB000160', 'B2'),
      ...fillers,
      into('TB000161', 'A1'),
      into('TB000163', 'C3'),
    ]);
    const moveOut = ids[0]!;
    const [newTube, later] = ids.slice(-2) as [number, number];

    const list = await outboxHandlers({ outbox: s.outbox, sync: s.engine })['outbox.list'](
      { target: s.outbox.get(newTube)!.target, newest: true },
      { transport: 'test' },
    );
    const said = (id: number) => list.find((e) => e.id === id)!.waiting;
    // The engine's next pass sends the move out with the others it looks at and holds nothing back, so
    // nothing says it waits for a move (nor behind a tube that does).
    expect(said(newTube)).toBeUndefined();
    expect(said(later)).toBeUndefined();

    await s.engine.syncNow();
    expect(s.outbox.counts()).toMatchObject({ pending: 0, failed: 0, uncertain: 0 });
    // The pass went whole (the move out among them), and the new tube with the one behind it in the next.
    const requestOf = (id: number) => s.outbox.get(id)!.requestId;
    expect(requestOf(ids[ENTRY_BATCH_LIMIT - 1]!)).toBe(requestOf(moveOut));
    expect(requestOf(newTube)).not.toBe(requestOf(moveOut));
    expect(requestOf(later)).toBe(requestOf(newTube));
    expect(serverWell(s.sandbox, 'PL-0003', 'A1').sampleId).toBe('S-0161');
  }, 60_000);
});
