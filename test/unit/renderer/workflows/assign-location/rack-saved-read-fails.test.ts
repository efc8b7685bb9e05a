import { describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A rack file saved, its moves committed, and the box then not read again (main failed the read). On the
 * old code that failure was thrown from the import and said as "Nothing from the rack file was saved",
 * its reads kept for "Save the rack file again", though every tube of it was in the Outbox. The real main
 * in-process and its embedded sandbox (demo data: TB000n is the row S-000n).
 */
const open = benchesPerTest();

describe('a rack file saved, the box not read again after it', () => {
  it('is said saved, with what to do about the box', async () => {
    const b = await open('spec');
    let failReads = false;
    const api: BenchlinkApi = {
      invoke: (async (channel: string, payload: unknown) => {
        if (channel === 'cache.manifest' && failReads)
          return { ok: false, error: { code: 'failed', message: 'The saved boxes could not be read' } };
        const r = await b.env.api.invoke(channel as 'outbox.enqueueMany', payload as never);
        if (channel === 'outbox.enqueueMany') failReads = true;
        return r;
      }) as BenchlinkApi['invoke'],
      subscribe: b.env.api.subscribe,
    };
    const { s, scan } = b.assignScreen(api);
    await scan('BOX000001');
    await scan('TB000101');
    const before = (await b.entries()).length;

    // TB000101 moved from A1 to B2 by the rack, and a new tube in A2.
    const said = await s.rack.importText(['Position,Barcode', 'A2,TB000102', 'B2,TB000101'].join('\n'));
    expect(said.ok).toBe(false);
    expect(said.text).toBe(
      '2 tubes saved from the rack file; 1 tube moved within the box (TB000101 A1 → B2); but the box could not be ' +
        'read again (The saved boxes could not be read): scan the box again before the next tube',
    );
    expect(s.rack.kept).toBeNull();
    expect((await b.entries()).length).toBe(before + 2);
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000101@A1', 'TB000102@A2', 'TB000101@B2']);
  });
});
