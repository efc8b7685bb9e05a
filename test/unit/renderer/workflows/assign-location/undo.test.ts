import { describe, expect, it, vi } from 'vitest';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';

/**
 * Undo on Assign location (Ctrl+Z, the Undo button, a scanned Undo), as Well fill's: the last tube is
 * taken out of the Outbox by main's rules (outbox.cancelMany), and one that may be on the service is
 * answered with its opposite change, a move back where it was. On the old code Ctrl+Z did nothing and
 * said nothing, and a scanned Undo said it was not available. The real main in-process, its embedded
 * sandbox (extended answers: it lists a box's wells; demo data: TB000n is the row S-000n), reached
 * through the fault proxy.
 */
const openBenches = benchesPerTest();

const BOX = 'BOX000001'; // BX-0001, 9 × 9
const ASSIGN = '/labsheets/assign-location';

async function onBox(b: Benches) {
  await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
  const visit = b.assignScreen();
  await visit.scan(BOX);
  return visit;
}

/** Sends what is queued and waits for `id` to settle. */
async function settled(b: Benches, id: number) {
  await b.sync();
  await b.env.call('outbox.await', { id, timeoutMs: 15_000 });
  return (await b.entries()).find((e) => e.id === id)!;
}

describe('Assign location: undo', () => {
  it('takes back the last tube not sent yet: cancelled, off the list, its position next again; then says calmly there is nothing to undo', async () => {
    const b = await openBenches('extended');
    const { s, scan } = await onBox(b);
    await scan('TB000171');
    await scan('TB000172');
    expect(s.assignments.map((a) => [a.id, a.position])).toEqual([
      ['TB000171', 'A1'],
      ['TB000172', 'A2'],
    ]);
    const [first, second] = s.assignments.map((a) => a.entryId);
    expect(s.canUndo).toBe(true);

    expect(await s.undo()).toMatch(/^TB000172 → BX-0001 .* A2$/);
    expect((await b.entries()).find((e) => e.id === second)?.state).toBe('cancelled');
    expect(s.assignments.map((a) => a.id)).toEqual(['TB000171']);
    expect(s.isTaken('A2')).toBe(false);
    expect(s.targetPosition()).toBe('A2');

    // The scanned Undo does the same, and says it as Well fill says it.
    await scan('#CMD:UNDO');
    expect(b.said()).toMatch(/^Undone: TB000171 → BX-0001 .* A1$/);
    expect((await b.entries()).find((e) => e.id === first)?.state).toBe('cancelled');
    expect(s.targetPosition()).toBe('A1');
    expect(s.canUndo).toBe(false);
    await scan('#CMD:UNDO');
    expect(b.said()).toBe('Nothing to undo');
    expect(b.feedback.last?.kind).toBe('info');

    await b.sync();
    expect([b.heldOnService(BOX, 'A1'), b.heldOnService(BOX, 'A2')]).toEqual([null, null]);
    // The next tube goes where the undone one was.
    await scan('TB000173');
    expect(b.said()).toMatch(/^TB000173 → BX-0001 .* A1$/);
  });

  it('a move within the box not sent yet: cancelled, and the tube is back where it was in the box', async () => {
    const b = await openBenches('extended');
    const { s, scan } = await onBox(b);
    await scan('TB000171');
    await b.sync();
    await scan('C3');
    await scan('TB000171');
    const move = s.assignments.at(-1)!.entryId;
    expect(s.whereIs('TB000171', null)?.position).toBe('C3');

    expect(await s.undo()).toBe('Moved TB000171 from A1 to C3');
    expect((await b.entries()).find((e) => e.id === move)?.state).toBe('cancelled');
    expect(s.whereIs('TB000171', null)?.position).toBe('A1');
    expect(['A1', 'C3'].map((p) => s.isTaken(p))).toEqual([true, false]);
    await b.sync();
    expect([b.heldOnService(BOX, 'A1'), b.heldOnService(BOX, 'C3')]).toEqual(['S-0171', null]);
  });

  it('a move within the box already sent: the move back is queued, and the tube is where it was on the service', async () => {
    const b = await openBenches('extended');
    const { s, scan } = await onBox(b);
    await scan('TB000171');
    await b.sync();
    await scan('C3');
    await scan('TB000171');
    expect(b.said()).toBe('Moved TB000171 from A1 to C3');
    const move = s.assignments.at(-1)!;
    expect(await settled(b, move.entryId)).toMatchObject({ state: 'done' });
    expect([b.heldOnService(BOX, 'A1'), b.heldOnService(BOX, 'C3')]).toEqual([null, 'S-0171']);
    await vi.waitFor(() => expect(s.assignments.at(-1)?.sync).toBe('synced'));

    expect(await s.undo()).toBe(
      'Moved TB000171 from A1 to C3 — it was sent already, so the move back to A1 was queued',
    );
    const back = (await b.entries()).at(-1)!;
    expect(back.intent).toMatchObject({
      type: 'location-assign',
      id: 'TB000171',
      position: 'A1',
      from: { position: 'C3' },
    });
    expect(s.whereIs('TB000171', null)?.position).toBe('A1');
    expect(s.isTaken('C3')).toBe(false);
    expect(await settled(b, back.id)).toMatchObject({ state: 'done' });
    expect([b.heldOnService(BOX, 'A1'), b.heldOnService(BOX, 'C3')]).toEqual(['S-0171', null]);
  });

  it('a move that gave up but may be on the service: main discards it with its move back queued in one transaction', async () => {
    const b = await openBenches('extended');
    const { s, scan } = await onBox(b);
    await scan('TB000171');
    await b.sync();
    // Seven 503s the service never saw, then one after it made the move: the entry gives up, unsure.
    b.proxy().setFaults([
      { path: ASSIGN, fault: { kind: 'status', status: 503 }, count: 7 },
      { path: ASSIGN, fault: { kind: 'status', status: 503, forward: true }, count: 1 },
    ]);
    await scan('C3');
    await scan('TB000171');
    const move = s.assignments.at(-1)!.entryId;
    for (let i = 0; i < 8; i++) await b.sync();
    b.proxy().setFaults([]);
    expect((await b.entries()).find((e) => e.id === move)).toMatchObject({
      state: 'failed',
      lastError: { kind: 'gave-up' },
    });
    expect(b.heldOnService(BOX, 'C3')).toBe('S-0171');

    expect(await s.undo()).toBe(
      'Moved TB000171 from A1 to C3 — it had failed in a way that may leave it on the service, so it was taken ' +
        'out of the Outbox and the move back to A1 was queued',
    );
    const after = await b.entries();
    expect(after.find((e) => e.id === move)?.state).toBe('discarded');
    const back = after.at(-1)!;
    expect(back.intent).toMatchObject({ type: 'location-assign', position: 'A1', from: { position: 'C3' } });
    expect(s.assignments.map((a) => [a.id, a.position])).toEqual([
      ['TB000171', 'A1'],
      ['TB000171', 'A1'],
    ]);
    expect(await settled(b, back.id)).toMatchObject({ state: 'done' });
    expect([b.heldOnService(BOX, 'A1'), b.heldOnService(BOX, 'C3')]).toEqual(['S-0171', null]);
  });

  it('a new tube already sent: not undone, said with what to do, nothing queued, and still the one Undo takes', async () => {
    const b = await openBenches('extended');
    const { s, scan } = await onBox(b);
    await scan('TB000171');
    const tube = s.assignments[0]!.entryId;
    expect(await settled(b, tube)).toMatchObject({ state: 'done' });
    await vi.waitFor(() => expect(s.assignments[0]?.sync).toBe('synced'));
    const before = (await b.entries()).length;

    const refused =
      /^"TB000171 → BX-0001 .* A1" not undone: it was sent already, and the service has no way to take a tube out of a location\. To put it right, scan the position \(or the location\) it belongs in, then the tube\.$/;
    await expect(s.undo()).rejects.toThrow(refused);
    expect((await b.entries()).length).toBe(before);
    expect(s.assignments.map((a) => a.id)).toEqual(['TB000171']);
    expect(s.canUndo).toBe(true);
    // Said again, not passed over to an older tube.
    await expect(scan('#CMD:UNDO')).rejects.toThrow(refused);
  });

  it('a rack file is one step: its tubes not sent yet are all taken back by one undo', async () => {
    const b = await openBenches('extended');
    const { s, scan } = await onBox(b);
    await scan('TB000170');
    const out = await s.rack.importText(['Position,Barcode', 'B1,TB000171', 'B2,TB000172'].join('\n'));
    expect(out.ok).toBe(true);
    expect(s.assignments.map((a) => a.id)).toEqual(['TB000170', 'TB000171', 'TB000172']);

    expect(await s.undo()).toBe("the rack file's 2 tubes");
    expect(s.assignments.map((a) => a.id)).toEqual(['TB000170']);
    const states = (await b.entries()).map((e) => [e.intent?.type === 'location-assign' ? e.intent.id : '', e.state]);
    expect(states).toEqual([
      ['TB000170', 'pending'],
      ['TB000171', 'cancelled'],
      ['TB000172', 'cancelled'],
    ]);
  });
});
