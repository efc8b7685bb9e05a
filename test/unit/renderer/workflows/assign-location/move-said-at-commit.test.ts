import { describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A tube moved within its box by scans is said moved from the local commit, as every scan is (DESIGN:
 * feedback from the local commit). On the old code its line waited for the box to be read again: with a
 * service that accepts connections but never answers, 15 s. The real main in-process and its embedded
 * sandbox (demo data: TB000n is the row S-000n); the page's reads of the box are held back unanswered
 * for as long as the test says, as main's read waits on such a service.
 */
const open = benchesPerTest();

describe('Assign location: a tube moved within its box', () => {
  it('is said moved while the box read after it waits, and the position it left takes the next tube', async () => {
    const b = await open('spec');
    const waiting: Array<() => void> = [];
    let hold = false;
    const api: BenchlinkApi = {
      invoke: (async (channel: string, payload: unknown) => {
        if (channel === 'cache.manifest' && hold) await new Promise<void>((go) => waiting.push(go));
        return b.env.api.invoke(channel as 'cache.manifest', payload as never);
      }) as BenchlinkApi['invoke'],
      subscribe: b.env.api.subscribe,
    };
    const { s, scan } = b.assignScreen(api);
    await scan('BOX000001');
    await scan('TB000101');
    await b.sync();

    hold = true;
    await scan('C5');
    const moved = scan('TB000101');
    try {
      await expect.poll(() => b.said()).toBe('Moved TB000101 from A1 to C5');
      expect(waiting.length).toBe(1);
      await moved;
      expect(s.targetPosition()).toBe('A1');
      await scan('TB000102');
      expect(b.said()).toBe('TB000102 → BX-0001 Freezer Box 1 A1');
    } finally {
      hold = false;
      for (const go of waiting.splice(0)) go();
      await moved;
    }
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000101@A1', 'TB000101@C5', 'TB000102@A1']);
    await b.sync();
    expect(await b.env.call('outbox.counts', {})).toMatchObject({ failed: 0, uncertain: 0, pending: 0 });
    expect([b.heldOnService('BOX000001', 'A1'), b.heldOnService('BOX000001', 'C5')]).toEqual(['S-0102', 'S-0101']);
  });
});
