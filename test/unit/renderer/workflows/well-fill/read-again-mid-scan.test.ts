import { describe, expect, it } from 'vitest';
import { benchesPerTest, onPlate } from '../../../../helpers/benches-on-main.js';

/**
 * The plate read again (an entry's news, back with main after a reconnect) while a tube scan is worked
 * out, on a service that lists wells: the re-read shows the well the scan was about to fill taken by
 * another bench. The tube is placed by the plate as now read, never into that well unasked. Well fill on
 * the real main in-process and the real sandbox behind the fault proxy, which slows the re-read so the
 * scan's decision comes before its answer.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty

describe('Well fill: the plate read again while a tube is worked out', () => {
  it('the tube goes to the next empty well as now read, not over the tube the re-read shows', async () => {
    const b = await onPlate(await openBenches('extended'), PLATE);
    expect(b.s.cursor).toBe('A1');
    await b.otherPuts(PLATE, 'A1', 'S-0099');
    b.proxy().setFaults([{ path: /fetch-metadata/, fault: { kind: 'latency', ms: 400 } }]);
    // Started by the page itself (follow-entries.ts readPlate), not in the scans' turn.
    const readAgain = b.s.refresh();
    await b.scan('TB000040');
    await readAgain;
    // The old code: "S-0040 → A1 · next A2", unasked, sent over S-0099.
    expect(b.said()).toMatch(/^S-0040 → A2 · next A3$/);
    expect(b.s.wells['A1']?.sample).toBe('S-0099');
    b.proxy().setFaults([]);
    await b.sync();
    expect(b.onService('A1')).toBe('S-0099');
    expect(b.onService('A2')).toBe('S-0040');
  });

  it('a tube for a scanned position the re-read shows taken: asked before it replaces their tube', async () => {
    const b = await onPlate(await openBenches('extended'), PLATE);
    await b.scan('A1');
    await b.otherPuts(PLATE, 'A1', 'S-0099');
    b.proxy().setFaults([{ path: /fetch-metadata/, fault: { kind: 'latency', ms: 400 } }]);
    const readAgain = b.s.refresh();
    await b.scan('TB000040');
    await readAgain;
    expect(b.s.guard?.kind).toBe('occupied-well');
    expect(b.said()).toBe('A1 already holds S-0099. Replace it?');
    b.proxy().setFaults([]);
    await b.sync();
    expect(b.onService('A1')).toBe('S-0099');
  });
});
