import { describe, expect, it } from 'vitest';
import type { LocationAssignIntent } from '../../../shared/outbox/intents.js';
import { clientFor, serverWell, stackPerTest } from './stack.js';

/**
 * A box reorganised: TB000160 moved from A1 to B2, then a new tube put at A1. The sandbox checks an
 * assign-location against the box as it was before the request, so the new tube must reach it after
 * the move, never in the same request nor before it. Counted at the fault proxy.
 */
describe('a tube into a position an older move empties is sent after that move', () => {
  const { stack: s } = stackPerTest('sync-moves-out-');

  const into = (
    id: string,
    position: string,
    idType: 'ID' | 'ID_BARCODE' = 'ID_BARCODE',
    hrid = 'PL-0003',
  ): LocationAssignIntent => ({
    type: 'location-assign',
    labsheet: 'Samples',
    locationId: s.sandbox.store.manifests.find('hrid', hrid)!.uuid,
    idType,
    id,
    position,
  });

  async function placedAtA1(): Promise<void> {
    s.outbox.enqueue(into('TB000160', 'A1'));
    await s.engine.syncNow();
    expect(serverWell(s.sandbox, 'PL-0003', 'A1').sampleId).toBe('S-0160');
  }

  it('under the same ID type: the batch is split before the new tube, the move goes first', async () => {
    await placedAtA1();
    const before = s.forwarded('/labsheets/assign-location');
    s.outbox.enqueueMany([into('TB000160', 'B2'), into('TB000161', 'A1')]);
    await s.engine.syncNow();
    expect(s.outbox.counts()).toMatchObject({ pending: 0, failed: 0, uncertain: 0 });
    // Two requests: in one, the sandbox refuses A1 (it still holds S-0160 before the request).
    expect(s.forwarded('/labsheets/assign-location') - before).toBe(2);
    expect(serverWell(s.sandbox, 'PL-0003', 'B2').sampleId).toBe('S-0160');
    expect(serverWell(s.sandbox, 'PL-0003', 'A1').sampleId).toBe('S-0161');
  });

  it('under another ID type: the new tube waits while the move is set aside after a failure', async () => {
    await placedAtA1();
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    s.outbox.enqueueMany([into('TB000160', 'B2'), into('S-0161', 'A1', 'ID')]);
    // The move's send fails once: its lane is set aside for this drain, the new tube's lane is next.
    s.proxy.setFaults([{ path: '/labsheets/assign-location', fault: { kind: 'status', status: 503 }, count: 1 }]);
    await s.engine.syncNow();
    expect(s.outbox.counts()).toMatchObject({ pending: 2, failed: 0 });
    await s.engine.syncNow();
    expect(s.outbox.counts()).toMatchObject({ pending: 0, failed: 0, uncertain: 0 });
    expect(serverWell(s.sandbox, 'PL-0003', 'B2').sampleId).toBe('S-0160');
    expect(serverWell(s.sandbox, 'PL-0003', 'A1').sampleId).toBe('S-0161');
  });

  it.each([
    ['the same ID type', 'TB000161', 'ID_BARCODE'],
    ['another ID type', 'S-0161', 'ID'],
  ] as const)(
    "another bench's tube, moved by a move that says the position it leaves: the new tube under %s goes after it",
    async (_, newTube, idType) => {
      // Another bench puts S-0160 at A1: straight to the service, nothing of it in this computer's outbox.
      const other = clientFor(s.sandbox.url, { value: s.sandbox.demoToken });
      const plate = s.sandbox.store.manifests.find('hrid', 'PL-0003')!.uuid;
      await other.assignLocation({
        labsheet: 'Samples',
        locationId: plate,
        idType: 'ID',
        assignments: [{ id: 'S-0160', position: 'A1' }],
      });
      const before = s.forwarded('/labsheets/assign-location');
      s.outbox.enqueueMany([
        { ...into('TB000160', 'B2'), from: { locationId: plate, position: 'A1' } },
        into(newTube, 'A1', idType),
      ]);
      // The move's send fails once: its lane is set aside for this drain, and the new tube is not sent.
      s.proxy.setFaults([{ path: '/labsheets/assign-location', fault: { kind: 'status', status: 503 }, count: 1 }]);
      await s.engine.syncNow();
      expect(s.outbox.counts()).toMatchObject({ pending: 2, failed: 0 });
      await s.engine.syncNow();
      expect(s.outbox.counts()).toMatchObject({ pending: 0, failed: 0, uncertain: 0 });
      // The move alone, then the new tube: in one request the sandbox refuses A1 (S-0160 still in it).
      expect(s.forwarded('/labsheets/assign-location') - before).toBe(2);
      expect(serverWell(s.sandbox, 'PL-0003', 'B2').sampleId).toBe('S-0160');
      expect(serverWell(s.sandbox, 'PL-0003', 'A1').sampleId).toBe('S-0161');
    },
  );

  it('once the move out was sent, a later move of that tube elsewhere holds nothing at its old position', async () => {
    await placedAtA1();
    s.outbox.enqueue(into('TB000160', 'B2'));
    await s.engine.syncNow();
    expect(serverWell(s.sandbox, 'PL-0003', 'B2').sampleId).toBe('S-0160');
    // A1 is free on the service. The tube moves on from B2 into another box, and that move's send fails
    // once, asking for a minute (its lane is set aside for this drain): the new tube at A1 goes all the same.
    s.outbox.enqueueMany([into('TB000160', 'C3', 'ID_BARCODE', 'BX-0001'), into('S-0161', 'A1', 'ID')]);
    s.proxy.setFaults([
      { path: '/labsheets/assign-location', fault: { kind: 'status', status: 503, retryAfter: '60' }, count: 1 },
    ]);
    await s.engine.syncNow();
    expect(serverWell(s.sandbox, 'PL-0003', 'A1').sampleId).toBe('S-0161');
    expect(s.outbox.counts()).toMatchObject({ pending: 1, failed: 0 });
    await s.engine.syncNow();
    expect(s.outbox.counts()).toMatchObject({ pending: 0, failed: 0, uncertain: 0 });
    expect(serverWell(s.sandbox, 'BX-0001', 'C3').sampleId).toBe('S-0160');
  });
});
