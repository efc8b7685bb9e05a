import { describe, expect, it, vi } from 'vitest';
import { answerGuard } from '../../../../../renderer/lib/question/question.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A tube of this visit the service refused is still in the slot the user put it in. On the old code the
 * refusal's news gave its position to the next tube: the page drew the position empty, and the next tube
 * was queued into a slot that held one. The real main in-process and its embedded sandbox (demo data:
 * TB000n is the row S-000n; TB99999n are no row, refused by the service).
 */
const open = benchesPerTest();

describe('Assign location: a tube the service refused', () => {
  it('keeps its position from the next tube until it is discarded in the Outbox, and the screen says so', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    await expect.poll(() => s.samples.size).toBeGreaterThan(0);
    await scan('TB000101');
    // Not in the labsheet: used anyway, it is refused by the service.
    await scan('TB999991');
    await answerGuard(s, (edit) => edit());
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000101@A1', 'TB999991@A2']);
    await b.sync();
    await vi.waitFor(() => expect(s.assignments[1]?.sync).toBe('refused'));

    expect(s.targetPosition()).toBe('A3');
    expect(s.heldNotes()).toEqual([
      'A2: TB999991 is still in it as far as Benchlink knows, but the service refused it, so the next tube goes ' +
        'past A2. See why in the Outbox; once the tube is out of A2, discard it there to free the position',
    ]);
    await scan('TB000102');
    expect(b.said()).toBe('TB000102 → BX-0001 Freezer Box 1 A3');
    // Read again (the screen shown again after the Outbox), A2 stays the refused tube's.
    await s.refreshHoldings();
    expect(s.targetPosition()).toBe('A4');

    // Taken out of the box and discarded in the Outbox: A2 takes the next tube.
    expect(await b.env.call('outbox.discard', { id: s.assignments[1]!.entryId })).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(s.assignments[1]?.sync).toBe('discarded'));
    expect(s.heldNotes()).toEqual([]);
    await expect.poll(() => s.targetPosition()).toBe('A2');
    await scan('TB000103');
    expect(b.said()).toBe('TB000103 → BX-0001 Freezer Box 1 A2');
  });

  it('scanned again, the refused tube goes to the next position and leaves its old one', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    await expect.poll(() => s.samples.size).toBeGreaterThan(0);
    await scan('TB999992');
    await answerGuard(s, (edit) => edit());
    await b.sync();
    await vi.waitFor(() => expect(s.assignments[0]?.sync).toBe('refused'));
    expect(s.targetPosition()).toBe('A2');
    await scan('TB999992');
    await answerGuard(s, (edit) => edit());
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB999992@A1', 'TB999992@A2']);
    // The refused one was moved on by the user: A1 is free again.
    expect(s.heldNotes()).toEqual([]);
    expect(s.targetPosition()).toBe('A3');
  });
});
