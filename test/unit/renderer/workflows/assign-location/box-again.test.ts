import { describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../../../../main/sandbox/server.js';
import { AssignState } from '../../../../../renderer/workflows/assign-location/assign-state.svelte.js';
import { handleAssignScan } from '../../../../../renderer/workflows/assign-location/assign-scans.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { pageOnMain } from '../../../../helpers/page-on-main.js';

/**
 * The reviewer's scenario: a box filled on Assign location, the Outbox visited (Alt+5, Alt+2), the
 * box scanned again. A new AssignState stands for "a fresh screen": what it must know comes from
 * main (the outbox behind the cache's manifest answer), not from the page that is gone. Both service
 * shapes: one lists the box's wells (extended), the other does not (spec).
 */
describe.each(['spec', 'extended'] as const)('Assign location: a box scanned again (%s service)', (profile) => {
  it('goes on after the tubes this computer put in it, and refuses those tubes as duplicates', async () => {
    let sandbox: SandboxHandle | null = null;
    const page = await pageOnMain({
      sandboxAnswers: { profile },
      startSandbox: async (o) => (sandbox = await startSandbox(o as never)),
    });
    const { env, said } = page;
    const screens: AssignState[] = [];
    try {
      await env.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
      const screen = () => {
        const s = new AssignState(env.api, page.feedback, page.outbox, LOCAL_SANDBOX);
        s.start();
        screens.push(s);
        return { s, scan: (t: string) => handleAssignScan(s, { text: t, source: 'field', mainAt: null }) };
      };

      const first = screen();
      await first.scan('BOX000001');
      await first.scan('TB000100');
      await first.scan('TB000101');
      expect(first.s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000100@A1', 'TB000101@A2']);
      await env.call('outbox.syncNow', {});
      expect((await env.call('outbox.counts', {})).done).toBe(2);

      const second = screen();
      await second.scan('BOX000001');
      expect(said()).toMatch(/tubes go to A3$/);
      expect(second.s.targetPosition()).toBe('A3');

      await second.scan('TB000100');
      expect(said()).toBe(
        'Duplicate: TB000100 is already in A1; nothing recorded. To move it, scan its new position first.',
      );
      await second.scan('tb000101'); // the scanner sent it in lower case: the same tube, named as the lab writes it
      expect(said()).toMatch(/^Duplicate: TB000101 is already in A2/);

      await second.scan('A1'); // a position scanned first: taken
      expect(said()).toBe('A1 is not empty (TB000100 is in it): scan another position');
      expect(second.s.targetPosition()).toBe('A3');

      await second.scan('TB000102');
      expect(said()).toMatch(/TB000102 → .* A3$/);
      // Not yet sent, and scanned on a third visit: still known (the outbox's pending entry).
      const third = screen();
      await third.scan('BOX000001');
      expect(third.s.targetPosition()).toBe('A4');
      await third.scan('TB000102');
      expect(said()).toBe(
        'Duplicate: TB000102 is already in A3; nothing recorded. To move it, scan its new position first.',
      );

      await env.call('outbox.syncNow', {});
      const c = await env.call('outbox.counts', {});
      expect(c).toMatchObject({ failed: 0, uncertain: 0, pending: 0, done: 3 });
      // On the service, every tube is where the bench said, and none was moved.
      const box = sandbox!.store.manifests.find('barcode', 'BOX000001')!;
      const held = sandbox!.store.manifests
        .wells(box.uuid)
        .filter((w) => w.sampleId !== null)
        .map((w) => w.position)
        .sort();
      expect(held).toEqual(['A1', 'A2', 'A3']);
    } finally {
      for (const s of screens) s.stop();
      await page.close();
    }
  });
});
