import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import type { FaultRule } from '../../../../helpers/fault-proxy.js';

/**
 * A plate scanned on Well fill that this computer has never read, while the service cannot be asked
 * (unreachable, failing, or answering what cannot be read): the bench hears that the service did not
 * answer, and why, not "No plate or box with this barcode", which sent them looking for a label problem
 * on a plate that exists. A plate the service says it does not have is still said so. The real main
 * in-process on the real sandbox behind the fault proxy.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000001'; // PL-0001: on the service, never read on this computer in these tests

const faults: [string, FaultRule['fault'], RegExp][] = [
  ['unreachable', { kind: 'reset-before' }, /the service could not be reached/],
  ['a 503', { kind: 'status', status: 503 }, /the service failed \(HTTP 503\)/],
  ['a 429', { kind: 'status', status: 429 }, /the service asked to slow down \(HTTP 429\)/],
  ['an answer not understood', { kind: 'malformed' }, /the service's answer could not be read/],
];

describe('Well fill: a plate scanned while the service cannot be asked', () => {
  it.each(faults)('%s: says the service did not answer, and why; not "no such plate"', async (_what, fault, why) => {
    const b = await openBenches('spec');
    b.proxy().setFaults([{ path: '/manifest/fetch-metadata', fault }]);
    await b.scan(PLATE);
    expect(b.s.plate).toBeNull();
    expect(b.said()).not.toMatch(/No plate or box/);
    expect(b.said()).toMatch(/^Could not look up "PLT000001": /);
    expect(b.said()).toMatch(why);
    expect(b.said()).toMatch(/no copy of it is saved on this computer\. Scan it again once the service answers\.$/);
  });

  it("a plate the service does not have: said as the service's answer", async () => {
    const b = await openBenches('spec');
    await b.scan('PLT999999');
    expect(b.s.plate).toBeNull();
    expect(b.said()).toBe('The service has no plate or box with this barcode');
  });

  it('a plate read before opens from its saved copy while the service cannot be asked', async () => {
    const b = await openBenches('spec');
    await b.scan(PLATE);
    expect(b.s.plate?.hrid).toBe('PL-0001');
    await b.scan('#CMD:DONE');
    b.proxy().setFaults([{ path: '/manifest/fetch-metadata', fault: { kind: 'status', status: 503 } }]);
    await b.scan(PLATE);
    expect(b.s.plate).toMatchObject({ hrid: 'PL-0001', fromCache: true });
    // Scanned by its hrid: the saved copy too.
    await b.scan('#CMD:DONE');
    await b.scan('PL-0001');
    expect(b.s.plate).toMatchObject({ hrid: 'PL-0001', fromCache: true });
  });
});
