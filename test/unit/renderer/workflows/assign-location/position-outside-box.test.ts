import { describe, expect, it } from 'vitest';
import { AssignState } from '../../../../../renderer/workflows/assign-location/assign-state.svelte.js';
import { handleAssignScan } from '../../../../../renderer/workflows/assign-location/assign-scans.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { pageOnMain } from '../../../../helpers/page-on-main.js';

/**
 * J1 scanned into a 9 × 9 box (rows A–I) is a position mistyped or read off another rack, not a
 * tube: it is refused at once with the box's range. It used to be confirmed in green as
 * "J1 → BX-0001 Freezer Box 1 A1", queued as a tube named J1, and refused by the service later in the
 * Outbox ("labsheet "Samples" has no row with ID "J1"").
 */
describe('Assign location, a position outside the open box', () => {
  it('is refused with the box’s range, queues nothing and leaves the next position alone', async () => {
    const page = await pageOnMain();
    const { env, feedback, said } = page;
    const s = new AssignState(env.api, feedback, page.outbox, LOCAL_SANDBOX);
    try {
      await env.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
      s.start();
      const scan = (text: string) => handleAssignScan(s, { text, source: 'field', mainAt: null });
      const queued = async () => {
        const c = await env.call('outbox.counts', {});
        return c.pending + c.sending + c.done + c.failed;
      };

      await scan('BOX000001');
      const before = await queued();
      await scan('J1');
      expect(said()).toBe('J1 is outside BX-0001 (A1–I9): nothing recorded. Scan A1–I9 or a tube');
      expect(feedback.last?.kind).toBe('bad');
      expect(s.assignments).toEqual([]);
      expect(await queued()).toBe(before);
      expect(s.targetPosition()).toBe('A1');
      // Written otherwise, the same position: refused as J1 is, not moved into the box as a tube "J-1".
      await scan('J-1');
      expect(said()).toBe('J1 is outside BX-0001 (A1–I9): nothing recorded. Scan A1–I9 or a tube');
      expect(s.assignments).toEqual([]);

      await scan('TB000150');
      expect(said()).toMatch(/^TB000150 → BX-0001 Freezer Box 1 A1$/);
    } finally {
      s.stop();
      await page.close();
    }
  }, 60_000);
});
