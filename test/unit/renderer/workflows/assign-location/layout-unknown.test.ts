import { describe, expect, it } from 'vitest';
import { AssignState } from '../../../../../renderer/workflows/assign-location/assign-state.svelte.js';
import { handleAssignScan } from '../../../../../renderer/workflows/assign-location/assign-scans.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { pageOnMainForSuite } from '../../../../helpers/page-on-main.js';
import { fixtureFileForSuite, tubeLab } from '../../../../helpers/tube-lab.js';

/**
 * A box whose layout the service does not send (it answers as the spec shows) and whose template's name
 * does not tell: main holds a stand-in 8 × 12. On the old code Assign location placed tubes by it, "A6",
 * "A7" in green on a 5 × 5 box, refused by the service minutes later. The real main, its sandbox on spec answers.
 */
const tube = (n: number) => `TB${String(n).padStart(6, '0')}`;
const lab = fixtureFileForSuite(
  tubeLab({
    token: 'cryo-token',
    tubes: 10,
    barcode: tube,
    manifests: [
      { name: 'Cryo', hrid: 'BX-0009', barcode: 'BOX000009', template: 'Cryo Box', layout: { rows: 5, columns: 5 } },
    ],
  }),
);
const page = pageOnMainForSuite(() => ({ sandboxFixture: lab(), sandboxAnswers: { profile: 'spec' } }));

describe('Assign location on a box whose layout nobody has said', () => {
  it('puts no tube anywhere until the user says it, then fills it by its real rows and columns', async () => {
    const s = new AssignState(page.env.api, page.feedback, page.outbox, LOCAL_SANDBOX);
    s.labsheet = 'Samples';
    s.start();
    const scan = (text: string) => handleAssignScan(s, { text, source: 'field', mainAt: null });
    const unknown = 'Say how a "Cryo Box" is laid out first: the service does not say, so its positions are not known';
    try {
      await scan('BOX000009');
      expect(page.said()).toBe(`BX-0009 Cryo — ${unknown}`);
      expect(s.layout).toBeNull();
      await scan(tube(1));
      expect(page.said()).toBe(`${unknown}; nothing recorded`);
      await scan('C3');
      expect(page.said()).toBe(`${unknown}; nothing recorded`);
      expect(await s.rack.importText('Position,Barcode\nA1,TB000002')).toEqual({
        text: `${unknown}. Nothing from the rack file was saved`,
        ok: false,
      });
      expect(s.assignments).toEqual([]);
      expect((await page.env.call('outbox.counts', {})).pending).toBe(0);

      // The user says 5 × 5 (the screen's question): kept for the template, the box read again.
      await page.env.call('cache.setTemplateLayout', { template: 'Cryo Box', rows: 5, columns: 5 });
      await s.refreshHoldings();
      expect(s.layoutUnknown).toBeNull();
      expect(s.layout).toEqual({ rows: 5, columns: 5 });
      for (let n = 1; n <= 6; n++) await scan(tube(n));
      expect(s.assignments.map((a) => a.position)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'B1']);
      expect(page.said()).toBe(`${tube(6)} → BX-0009 Cryo B1`);
    } finally {
      s.stop();
    }
  });
});
