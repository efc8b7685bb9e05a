import { describe, expect, it } from 'vitest';
import { PageSampleIndex } from '../../../../../renderer/lib/samples/sample-index.js';
import { lookUpTubeAnswer, lookUpTubes, SharedTubeCode } from '../../../../../renderer/lib/samples/tube-row.js';
import { wellFillScreen } from '../../../../helpers/well-fill-on-main.js';
import { pageOnMainForSuite } from '../../../../helpers/page-on-main.js';
import { fixtureFileForSuite } from '../../../../helpers/tube-lab.js';
import { sharedCodesLab } from '../../../../helpers/shared-codes-lab.js';
import { LabelSources } from '../../../../../renderer/workflows/labels/label-sources.svelte.js';
import { AssignState } from '../../../../../renderer/workflows/assign-location/assign-state.svelte.js';
import { handleAssignScan } from '../../../../../renderer/workflows/assign-location/assign-scans.js';
import { pageParts } from '../../../../helpers/page-on-main.js';
import { parseRackCsv } from '../../../../../renderer/workflows/assign-location/rack-csv.js';

/**
 * A tube code more than one row holds, for Well fill and Assign location (lookUpTube*), on the real main
 * with its embedded sandbox. On the old code the page's index and main's lookup each took one of the
 * rows, and the tube was recorded as that row's sample without a word.
 */
const lab = fixtureFileForSuite(sharedCodesLab);
const page = pageOnMainForSuite(() => ({ sandboxFixture: lab() }), 60_000);

describe('a tube code more than one row holds', () => {
  it("resolves in neither the page's index nor main's lookup: the lookup fails, naming the rows", async () => {
    const index = new PageSampleIndex(page.env.api);
    index.open('Samples');
    await index.settled();
    try {
      expect(index.rowOf('TB000010')).toEqual({ id: 'S-0010', barcode: 'TB000010' });
      for (const code of ['TB000001', 'TB000002', 'S-0001', 'TB000003', 'S-0003', 'S-0007', 'TB000008'])
        expect(index.rowOf(code)).toBeUndefined();

      await expect(lookUpTubeAnswer(page.env.api, index, 'Samples', 'TB000003')).rejects.toThrow(
        new SharedTubeCode('TB000003', 'Samples', {
          value: 'TB000003',
          count: 2,
          rows: [
            { id: 'S-0003', barcode: 'TB000003' },
            { id: 'S-0004', barcode: 'TB000003' },
          ],
        }).message,
      );
      await expect(lookUpTubeAnswer(page.env.api, index, 'Samples', 'TB000003')).rejects.toThrow(
        'TB000003 names 2 rows of Samples (S-0003, S-0004): nothing recorded',
      );
      await expect(lookUpTubeAnswer(page.env.api, index, 'Samples', 'TB000008')).rejects.toThrow(
        'TB000008 is S-0007, which names 2 rows of Samples (S-0006, S-0007): nothing recorded',
      );

      const many = await lookUpTubes(page.env.api, index, 'Samples', ['TB000002', 'TB000010', 'S-0003']);
      const failed = many.get('TB000002');
      expect(failed && 'failed' in failed ? String(failed.failed) : null).toMatch(
        /TB000002 is S-0001, which names 2 rows of Samples \(S-0001 TB000001, S-0001 TB000002\): nothing recorded/,
      );
      expect(many.get('TB000010')).toEqual({ row: { id: 'S-0010', barcode: 'TB000010' } });
      expect(many.get('S-0003')).toEqual({ row: { id: 'S-0003', barcode: 'TB000003' } });
    } finally {
      index.close();
    }
  });

  it('is put in no well on Well fill', async () => {
    const screen = await wellFillScreen(page.env);
    try {
      screen.s.labsheet = 'Samples';
      await screen.scan('PLT000001');
      await screen.scan('TB000003');
      // Said once, as the labsheet's problem: not "could not be looked up …; scan it again".
      expect(screen.said()).toBe('NOT RECORDED: TB000003 names 2 rows of Samples (S-0003, S-0004): nothing recorded');
      expect(Object.values(screen.s.wells).filter((w) => w.sample !== null)).toEqual([]);
      await screen.scan('TB000010');
      expect(Object.values(screen.s.wells).map((w) => w.sample)).toContain('S-0010');
    } finally {
      screen.stop();
    }
  });

  it('makes no label on Labels › Scanned rows, naming the rows', async () => {
    const s = new LabelSources(page.env.api, () => '2026-11-27');
    s.kind = 'rows';
    s.labsheet = 'Samples';
    // On the old code: "TB000003 is not in the labsheet Samples".
    expect(await s.addRow('TB000003')).toEqual({
      ok: false,
      message: 'TB000003 names 2 rows of Samples (S-0003, S-0004): no label made for it.',
    });
    expect(s.rows).toEqual([]);
  });

  it("is put in no position on Assign location, said as the labsheet's problem, not as a lookup to scan again", async () => {
    const parts = await pageParts(page.env);
    const s = new AssignState(page.env.api, parts.feedback, parts.outbox, await page.env.service());
    s.start();
    const scan = (text: string) => handleAssignScan(s, { text, source: 'field', mainAt: null });
    try {
      await scan('PLT000001');
      await scan('TB000003');
      expect(parts.said()).toBe('NOT RECORDED: TB000003 names 2 rows of Samples (S-0003, S-0004): nothing recorded');
      expect(s.assignments).toEqual([]);
      // A rack file's read of it is refused with the same reason, the other tube saved.
      const rack = await s.importRack(parseRackCsv('A1,TB000003\nA2,TB000010', s.layout!).good);
      expect(rack.refused.map((r) => `${r.position} ${r.reason}`)).toEqual([
        'A1 TB000003 names 2 rows of Samples (S-0003, S-0004)',
      ]);
      expect(s.assignments.map((a) => a.id)).toEqual(['TB000010']);
    } finally {
      s.stop();
      parts.stop();
    }
  });
});
