import { describe, expect, it } from 'vitest';
import { benchesPerTest, onPlate } from '../../helpers/benches-on-main.js';
import type { FaultRule } from '../../helpers/fault-proxy.js';

/**
 * The plate check's read (before a plate's changes go) answered with a failure: the changes wait and try
 * again, never go unchecked over another bench's tube, and the plate as read then is not taken for this
 * computer's own. The real main in-process on the real sandbox (wells not listed), behind the fault proxy;
 * "another bench" writes to the sandbox over HTTP.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty
const READ = '/manifest/fetch-metadata';

const faults: Record<string, FaultRule['fault']> = {
  '503': { kind: 'status', status: 503 },
  '429': { kind: 'status', status: 429, retryAfter: '0' },
  '500': { kind: 'status', status: 500 },
  unreadable: { kind: 'malformed' },
};

describe('The plate check read before sending fails once with an answer', () => {
  it.each(Object.keys(faults))('%s: the fill waits, then is held for a look; their tube stays', async (name) => {
    const b = await onPlate(await openBenches('spec'), PLATE);
    expect(b.s.cursor).toBe('A1');
    await b.otherPuts(PLATE, 'A1', 'S-0099');
    // Nothing reaches the service while the tube is scanned: the fill is queued, not sent.
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    await b.scan('TB000040');
    expect(b.said()).toMatch(/^S-0040 → A1/);
    b.proxy().setFaults([{ path: READ, method: 'GET', fault: faults[name]!, count: 1 }]);
    await b.sync();
    expect(b.proxy().requests.some((r) => r.path === READ && r.fault !== null && r.fault !== 'reset-before')).toBe(
      true,
    );
    // Not sent over their tube after the failed read.
    expect(b.onService('A1')).toBe('S-0099');
    const [fill] = (await b.entries()).filter((e) => e.intent?.type === 'well-set');
    expect(fill?.state).toBe('pending');

    // Tried again: the check reads the plate, which changed since the scan.
    await b.sync();
    expect(b.onService('A1')).toBe('S-0099');
    const after = (await b.entries()).find((e) => e.id === fill!.id);
    expect(after?.state).toBe('failed');
    expect(after?.lastError?.kind).toBe('plate-changed');
  });
});
