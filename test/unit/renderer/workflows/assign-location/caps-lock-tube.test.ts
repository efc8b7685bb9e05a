import { describe, expect, it } from 'vitest';
import { AssignState } from '../../../../../renderer/workflows/assign-location/assign-state.svelte.js';
import { handleAssignScan } from '../../../../../renderer/workflows/assign-location/assign-scans.js';
import { parseRackCsv } from '../../../../../renderer/workflows/assign-location/rack-csv.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { pageOnMainForSuite } from '../../../../helpers/page-on-main.js';
import { fixtureFileForSuite, tubeLab } from '../../../../helpers/tube-lab.js';

/**
 * A lab whose tube barcodes have no built-in pattern (FX…), scanned by a keyboard scanner with Caps Lock
 * on (fx00000001). On the old code the page's index and main looked the read up as typed, found no row,
 * and Assign location asked "not in the labsheet … Use it anyway?" (offline it queued fx00000001, which
 * the service refused later). S-0008 and S-0009 have tubes whose barcodes differ only in case. The real
 * main with its embedded sandbox on that lab.
 */
const lab = fixtureFileForSuite(
  tubeLab({
    token: 'fx-caps-token',
    tubes: 10,
    barcode: (n) => (n === 9 ? 'fx00000008' : `FX${String(n).padStart(8, '0')}`),
    manifests: [
      { name: 'Box', hrid: 'BX-0001', barcode: 'BOX000001', template: '81 Slot Box', layout: { rows: 9, columns: 9 } },
    ],
  }),
);
const page = pageOnMainForSuite(() => ({ sandboxFixture: lab() }), 60_000);

describe('Assign location: a tube read in another letter case than its row spells it', () => {
  it('is recorded as its row spells it, by the name it matched, and the service takes it', async () => {
    const s = new AssignState(page.env.api, page.feedback, page.outbox, LOCAL_SANDBOX);
    s.labsheet = 'Samples';
    s.start();
    try {
      const scan = (text: string) => handleAssignScan(s, { text, source: 'field', mainAt: null });
      await scan('BOX000001');
      await expect.poll(() => s.samples.size).toBeGreaterThan(0);
      await scan('fx00000001');
      expect(s.guard).toBeNull();
      expect(page.said()).toBe('FX00000001 → BX-0001 Box A1');
      await scan('s-0002');
      expect(page.said()).toBe('S-0002 → BX-0001 Box A2');
      // Scanned again as its row spells it, it is the tube already here.
      await scan('FX00000001');
      expect(page.said()).toBe(
        'Duplicate: FX00000001 is already in A1; nothing recorded. To move it, scan its new position first.',
      );
      expect(s.assignments.map((a) => `${a.id}:${a.idType}@${a.position}`)).toEqual([
        'FX00000001:ID_BARCODE@A1',
        'S-0002:ID@A2',
      ]);
      for (const a of s.assignments)
        expect((await page.env.call('outbox.await', { id: a.entryId, timeoutMs: 20_000 })).state).toBe('done');
    } finally {
      s.stop();
    }
  });

  it('names no row when two rows differ from it only in case, and records nothing; each as spelled is its own', async () => {
    const s = new AssignState(page.env.api, page.feedback, page.outbox, LOCAL_SANDBOX);
    s.labsheet = 'Samples';
    s.start();
    try {
      const scan = (text: string) => handleAssignScan(s, { text, source: 'field', mainAt: null });
      await scan('BOX000001');
      await expect.poll(() => s.samples.size).toBeGreaterThan(0);
      const before = s.assignments.length;
      await scan('Fx00000008');
      expect(page.said()).toBe('NOT RECORDED: Fx00000008 names 2 rows of Samples (S-0008, S-0009): nothing recorded');
      expect(s.guard).toBeNull();
      expect(s.assignments.length).toBe(before);
      await scan('fx00000008');
      expect(s.assignments.at(-1)).toMatchObject({ id: 'fx00000008', idType: 'ID_BARCODE' });
    } finally {
      s.stop();
    }
  });

  it('a rack file read in another letter case saves each tube as its row spells it', async () => {
    const s = new AssignState(page.env.api, page.feedback, page.outbox, LOCAL_SANDBOX);
    s.labsheet = 'Samples';
    s.start();
    try {
      await handleAssignScan(s, { text: 'BOX000001', source: 'field', mainAt: null });
      const rack = await s.importRack(parseRackCsv('C1,fx00000003\nC2,fx00000004', s.layout!).good);
      expect(rack.saved).toBe(2);
      const queued = s.assignments.filter((a) => a.position?.startsWith('C'));
      expect(queued.map((a) => `${a.id}@${a.position}`)).toEqual(['FX00000003@C1', 'FX00000004@C2']);
      for (const a of queued)
        expect((await page.env.call('outbox.await', { id: a.entryId, timeoutMs: 20_000 })).state).toBe('done');
    } finally {
      s.stop();
    }
  });
});
