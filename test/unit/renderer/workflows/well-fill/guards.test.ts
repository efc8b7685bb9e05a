import { describe, expect, it } from 'vitest';
import { guardPlate, guardSample } from '../../../../../renderer/workflows/well-fill/guards.js';

const facts = { sampleId: 'S-0001', target: 'B1', alreadyAt: null, targetHolds: null, knownInLabsheet: true };

describe('well fill guards', () => {
  it('lets a known, new sample into an empty well', () => {
    expect(guardSample(facts)).toBeNull();
  });
  it('refuses a duplicate sample, without an override', () => {
    const g = guardSample({ ...facts, alreadyAt: 'A3' });
    expect(g).toMatchObject({ kind: 'duplicate-sample', overridable: false });
    expect(g?.message).toContain('A3');
  });
  it('asks before replacing the sample of an occupied well', () => {
    expect(guardSample({ ...facts, targetHolds: 'S-0099' })).toMatchObject({
      kind: 'occupied-well',
      overridable: true,
    });
  });
  it('says when what the occupied well holds is the user’s own change held for a look', () => {
    expect(guardSample({ ...facts, targetHolds: 'S-0099', targetHeld: true })).toMatchObject({
      kind: 'occupied-well',
      overridable: true,
      message:
        'B1 holds S-0099, your change that needs a look in the Outbox (the plate changed on the service since you ' +
        'read it). Replace it?',
    });
  });
  it('offers "use anyway" for a sample the labsheet does not know, but not when it cannot tell (offline)', () => {
    expect(guardSample({ ...facts, knownInLabsheet: false })).toMatchObject({
      kind: 'unknown-sample',
      overridable: true,
    });
    expect(guardSample({ ...facts, knownInLabsheet: null })).toBeNull();
    expect(guardSample({ ...facts, knownInLabsheet: false, labsheetAsRead: ' as read 4 s ago' })?.message).toBe(
      `${facts.sampleId} is not in the labsheet as read 4 s ago. Use it anyway?`,
    );
  });
  it('duplicate wins over occupied and unknown', () => {
    expect(guardSample({ ...facts, alreadyAt: 'A1', targetHolds: 'S-2', knownInLabsheet: false })?.kind).toBe(
      'duplicate-sample',
    );
  });
  it('a plate barcode that is not the current plate is a wrong-plate scan (barcode or hrid, any case)', () => {
    const current = { barcode: 'PLT000001', hrid: 'PL-0001' };
    expect(guardPlate(current, 'plt000001')).toBeNull();
    expect(guardPlate(current, 'PL-0001')).toBeNull();
    expect(guardPlate(current, 'PLT000002')).toMatchObject({ kind: 'wrong-plate' });
    expect(guardPlate(null, 'PLT000002')).toBeNull();
  });
});
