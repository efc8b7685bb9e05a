import { describe, expect, it } from 'vitest';
import { answerGuard } from '../../../../../renderer/workflows/well-fill/well-fill-scans.js';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';

/**
 * Well fill on a service that answers a plate's read within the spec's wording otherwise than the
 * sandbox does: its wells named `A01`, or its count of empty wells left out or unreadable. Well fill
 * on the real main in-process; main reaches the real sandbox through the fault proxy, which rewrites
 * only the plate's read (`manifest/fetch-metadata`).
 */
const openBenches = benchesPerTest();
const QC_PLATE = 'PLT000001'; // PL-0001: S-0001 … S-0010 in A1 … A10, controls in H11 and H12

type Answer = Record<string, unknown> & { wells?: Record<string, unknown>[] };

async function bench(profile: 'spec' | 'extended', edit: (a: Answer) => Answer) {
  const b: Benches = await openBenches(profile);
  b.proxy().setFaults([{ path: /fetch-metadata/, fault: { kind: 'rewrite', edit: (a) => edit(a as Answer) } }]);
  await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
  return { ...b, onService: (position: string) => b.heldOnService(QC_PLATE, position) };
}

const zeroPadded = (p: unknown) => String(p).replace(/^([A-Z])(\d)$/, '$10$2');

describe('Well fill on answers the sandbox does not send', () => {
  it('wells the service names A01 … are the plate’s A1 …: a tube never goes over one', async () => {
    const b = await bench('extended', (a) => ({
      ...a,
      wells: a.wells?.map((w) => ({ ...w, position: zeroPadded(w['position']) })),
    }));
    await b.scan(QC_PLATE);
    // The old code drew S-0001 in an extra "A01" beside an empty A1, and put the next tube over it.
    expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001' });
    expect(Object.keys(b.s.wells)).not.toContain('A01');
    expect(b.s.cursor).toBe('A11');
    await b.scan('TB000011');
    expect(b.said()).toMatch(/^S-0011 → A11/);
    await b.sync();
    expect(b.onService('A1')).toBe('S-0001');
    expect(b.onService('A11')).toBe('S-0011');
  });

  it('a plate whose answer leaves out emptySpaces opens, held: which wells are used is not known', async () => {
    const b = await bench('spec', (a) => {
      const { emptySpaces: _, ...rest } = a;
      return rest;
    });
    // The old code could not read the answer, and said no plate had this barcode.
    await b.scan(QC_PLATE);
    expect(b.s.plate?.hrid).toBe('PL-0001');
    expect(b.s.held).toBe(true);
    expect(b.s.cursor).toBeNull();
  });

  it('a plate the service neither lists nor counts is held: a tube does not go to A1 over another bench’s', async () => {
    const b = await bench('spec', (a) => ({ ...a, emptySpaces: null }));
    await b.scan(QC_PLATE);
    expect(b.s.held).toBe(true);
    expect(b.s.unknown).toBeNull();
    await b.scan('TB000011');
    expect(b.said()).toMatch(
      /Any well may be used: the service neither lists the wells of this plate nor says how many are empty/,
    );
    await b.sync();
    // The old code opened it as empty: S-0011 went to A1, over S-0001.
    expect(b.onService('A1')).toBe('S-0001');
    expect((await b.entries()).filter((e) => e.intent?.type === 'well-set')).toEqual([]);
    // A position scan starts the fill where the user says.
    await b.scan('A11');
    await b.scan('TB000011');
    expect(b.said()).toMatch(/^S-0011 → A11/);
  });

  it('undoing a sent Replace puts back a sample the service listed without its labsheet', async () => {
    const b = await bench('extended', (a) => ({
      ...a,
      wells: a.wells?.map((w) => {
        const sample = w['sample'] as Record<string, unknown> | null | undefined;
        return sample ? { ...w, sample: { id: sample['id'] } } : w;
      }),
    }));
    await b.scan(QC_PLATE);
    await b.scan('A1');
    await b.scan('TB000011');
    expect(b.s.guard?.kind).toBe('occupied-well');
    await answerGuard(b.s, (edit) => edit());
    await b.sync();
    expect(b.onService('A1')).toBe('S-0011');
    await b.s.undo();
    await b.sync();
    // The old code sent the undo as "remove the sample": S-0001 was gone from A1.
    expect(b.onService('A1')).toBe('S-0001');
  });
});

describe('a plate or box barcode typed in lower case', () => {
  it('opens the plate on Well fill and the box on Assign location, as the classifier names it', async () => {
    const b = await openBenches('extended');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    // The old code classified it as a plate, then looked it up as typed: "No plate or box with this barcode".
    await b.scan('plt000001');
    expect(b.s.plate?.hrid).toBe('PL-0001');
    const box = b.assignScreen();
    await box.scan('box000001');
    expect(box.s.location?.hrid).toBe('BX-0001');
  });
});

describe('a tube read with Caps Lock on (a keyboard scanner types it in lower case)', () => {
  it('is the tube as the lab writes it, on Well fill and Assign location: found, not "use it anyway"', async () => {
    const b = await openBenches('extended');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    await b.scan('PLT000003');
    // The old code looked tb000011 up as typed: "not in the labsheet… Use it anyway?", then recorded it.
    await b.scan('tb000011');
    expect(b.s.guard).toBeNull();
    expect(b.said()).toMatch(/^S-0011 → A1/);
    const box = b.assignScreen();
    await box.scan('BOX000001');
    await box.scan('tb000150');
    expect(box.s.assignments.at(-1)).toMatchObject({ id: 'TB000150' });
  });
});
