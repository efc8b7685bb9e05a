import { describe, expect, it } from 'vitest';
import { fillFromHere } from '../../../../../renderer/workflows/well-fill/well-fill-scans.js';
import { benchesPerTest, onPlate, type Benches } from '../../../../helpers/benches-on-main.js';

/**
 * Well fill on a service that lists no wells (the sandbox's `spec` answers) while another bench changes
 * the same plate: the screen cannot see what they changed, so it must neither fill over it nor choose a
 * well it cannot see into. The real main in-process on the real sandbox (behind the fault proxy);
 * "another bench" writes to the sandbox over HTTP with a client of its own.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty

/** The tube of demo sample n, as the demo lab names it (TB000011 holds S-0011). */
const tube = (n: number) => `TB${String(n).padStart(6, '0')}`;

/** The wells of rows A–D: what another bench fills before this one opens the plate. */
const ROWS_A_TO_D = ['A', 'B', 'C', 'D'].flatMap((r) => Array.from({ length: 12 }, (_, i) => `${r}${i + 1}`));

async function filledElsewhereAtoD(b: Benches): Promise<void> {
  for (const [i, p] of ROWS_A_TO_D.entries()) await b.otherPuts(PLATE, p, `S-${String(200 + i).padStart(4, '0')}`);
}

describe('Well fill, wells not listed: the same plate opened again after another bench changed it', () => {
  // "Done" then the plate scanned again, and the plate picked from the list: both open it anew.
  const reopen = {
    'scanned again': async (b: Benches) => {
      await b.scan('#CMD:DONE');
      await b.scan(PLATE);
    },
    'picked from the list': async (b: Benches) => {
      const uuid = b.s.plate!.uuid;
      await b.scan('#CMD:DONE');
      expect(await b.s.load({ uuid })).toBe(true);
    },
  };

  it.each(Object.keys(reopen) as (keyof typeof reopen)[])(
    '%s: the next tube does not replace their tube; it waits for a look, as after a re-read',
    async (how) => {
      const b = await onPlate(await openBenches('spec'), PLATE);
      await b.scan(tube(1));
      await b.scan(tube(2));
      await b.sync();
      expect([b.onService('A1'), b.onService('A2')]).toEqual(['S-0001', 'S-0002']);
      // Another bench empties A1 and fills A3: as many wells used as before, so nothing shows it here.
      await b.otherEmpties(PLATE, 'A1');
      await b.otherPuts(PLATE, 'A3', 'S-0099');

      await reopen[how](b);
      expect(b.s.plate?.hrid).toBe('PL-0003');
      expect(b.s.cursor).toBe('A3'); // the screen cannot know A3 is taken
      await b.scan(tube(3));
      await b.sync();

      // The old code took the new reading's basis with this computer's old wells: S-0003 replaced S-0099.
      expect(b.onService('A3')).toBe('S-0099');
      const held = (await b.entries()).filter((e) => e.state === 'failed');
      expect(held.map((e) => e.lastError?.kind)).toEqual(['plate-changed']);
    },
  );
});

describe('Well fill, wells not listed: a fill started where the user says on a plate filled elsewhere', () => {
  it('opening the plate says why no well is next, not that it is full', async () => {
    const b = await openBenches('spec');
    await filledElsewhereAtoD(b);
    await b.scan(PLATE);
    expect(b.said()).toMatch(/^PL-0003 · .* — 48 wells of this plate were filled elsewhere/);
    expect(b.said()).not.toMatch(/full/);
  });

  it('runs forward from the scanned position and stops at the end of the plate, never wrapping into their wells', async () => {
    const opened = await openBenches('spec');
    await filledElsewhereAtoD(opened);
    const b = await onPlate(opened, PLATE);
    expect(b.s.held).toBe(true);

    await b.scan('H1');
    // Said before the tube comes: nothing can ask once it does (on the old code only "Next tube goes to H1").
    expect(b.said()).toBe(
      'Next tube goes to H1 — 48 wells of this plate were filled elsewhere at positions this computer does not ' +
        'know: H1 may be one of them',
    );
    for (let n = 1; n <= 11; n++) await b.scan(tube(n));
    expect(b.said()).toMatch(/^S-0011 → H11 · next H12$/);
    await b.scan(tube(12));
    // H12 is the last well in fill order: the fill stops there, with why, not "next A1".
    expect(b.said()).toMatch(/^S-0012 → H12 · the fill stops here: it went from H1 to the end of the plate/);
    expect(b.s.held).toBe(true);
    expect(b.s.cursor).toBeNull();

    const before = await b.queued();
    await b.scan(tube(13));
    expect(b.said()).toMatch(/^The fill went from H1 to the end of the plate .* 48 wells of this plate were filled/);
    expect(await b.queued()).toBe(before);
    await b.sync();
    expect(b.onService('A1')).toBe('S-0200');
    expect(b.onService('H12')).toBe('S-0012');

    // The user says where again: the fill starts there.
    await b.scan('G1');
    await b.scan(tube(13));
    expect(b.said()).toMatch(/^S-0013 → G1 · next G2$/);
  });

  it('"Fill from here" runs forward only; Skip at the last well stops it instead of wrapping', async () => {
    const b = await openBenches('spec');
    await filledElsewhereAtoD(b);
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    await b.scan(PLATE);
    b.s.toggleSelect('H11', false);
    expect(fillFromHere(b.s)).toBe('Filling from H11');
    await b.scan(tube(1));
    expect(b.said()).toMatch(/^S-0001 → H11 · next H12$/);
    await b.scan('#CMD:SKIP');
    expect(b.said()).toMatch(/^Skipped H12: the fill went from H11 to the end of the plate/);
    expect(b.s.cursor).toBeNull();
    const before = await b.queued();
    await b.scan(tube(2));
    expect(b.said()).toMatch(/^The fill went from H11 to the end of the plate/);
    expect(await b.queued()).toBe(before);
  });

  it('a new fill order stops a fill started by hand: where it goes next is the user’s to say again', async () => {
    const b = await openBenches('spec');
    await filledElsewhereAtoD(b);
    await b.scan(PLATE);
    b.s.fillFrom('H1');
    expect(b.s.cursor).toBe('H1');
    // Column by column from H1, the next wells would be A2…D2, filled elsewhere.
    b.s.setOrder('column-major');
    expect(b.s.held).toBe(true);
    expect(b.s.cursor).toBeNull();
  });
});
