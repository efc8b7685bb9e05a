import { describe, expect, it } from 'vitest';
import { isReservedWell, nextEmptyWell, wellPast } from '../../../../../renderer/lib/plate-map/fill-order.js';

const plate96 = { rows: 8, columns: 12 };

describe('fill order', () => {
  it('row-major goes along a row first, column-major down a column', () => {
    const none = () => false;
    expect(nextEmptyWell(plate96, 'row-major', none)).toBe('A1');
    expect(wellPast(plate96, 'row-major', 'A1')).toBe('A2');
    expect(wellPast(plate96, 'row-major', 'A12')).toBe('B1');
    expect(wellPast(plate96, 'column-major', 'A1')).toBe('B1');
    expect(wellPast(plate96, 'column-major', 'H1')).toBe('A2');
  });

  it('skips taken wells and starts from the cursor', () => {
    const taken = new Set(['A1', 'A2', 'A4']);
    expect(nextEmptyWell(plate96, 'row-major', (p) => taken.has(p))).toBe('A3');
    expect(nextEmptyWell(plate96, 'row-major', (p) => taken.has(p), 'A4')).toBe('A5');
  });

  it('wraps round to fill earlier gaps, and answers null when full', () => {
    const taken = new Set(['A1']);
    expect(nextEmptyWell({ rows: 1, columns: 3 }, 'row-major', (p) => taken.has(p), 'A3')).toBe('A3');
    expect(nextEmptyWell({ rows: 1, columns: 3 }, 'row-major', (p) => p !== 'A2', 'A3')).toBe('A2');
    expect(nextEmptyWell({ rows: 1, columns: 2 }, 'row-major', () => true)).toBeNull();
    // Past the last well is the first: Skip on H12 goes on from A1, not from H12 again.
    expect(wellPast({ rows: 1, columns: 2 }, 'row-major', 'A2')).toBe('A1');
    expect(wellPast(plate96, 'column-major', 'H12')).toBe('A1');
  });

  it('fills a 384 plate column-major to P24', () => {
    const taken = new Set<string>();
    let p: string | null = null;
    for (let i = 0; i < 384; i++) {
      p = nextEmptyWell({ rows: 16, columns: 24 }, 'column-major', (x) => taken.has(x), p ?? undefined);
      taken.add(p!);
    }
    expect(p).toBe('P24');
    expect(taken.size).toBe(384);
  });

  it('passes over control, blank and standard wells: on the QC plate tube 94 goes to H10, then the plate is full', () => {
    const wells = new Map<string, { sample: string | null; label: string }>();
    for (let i = 1; i <= 93; i++) {
      const row = 'ABCDEFGH'[Math.floor((i - 1) / 12)]!;
      wells.set(`${row}${((i - 1) % 12) + 1}`, { sample: `S-${i}`, label: 'SAMPLE' });
    }
    wells.set('H11', { sample: null, label: 'POS_CONTROL' });
    wells.set('H12', { sample: null, label: 'NEG_CONTROL' });
    const taken = (p: string) => {
      const w = wells.get(p);
      return w !== undefined && (w.sample !== null || isReservedWell(w));
    };
    expect(nextEmptyWell(plate96, 'row-major', taken, 'H9')).toBe('H10');
    wells.set('H10', { sample: 'S-94', label: 'SAMPLE' });
    expect(nextEmptyWell(plate96, 'row-major', taken, 'H11')).toBeNull();
  });

  it('a well is reserved only by a control-type label and no sample', () => {
    expect(isReservedWell({ sample: null, label: 'BLANK' })).toBe(true);
    expect(isReservedWell({ sample: null, label: 'STANDARD' })).toBe(true);
    expect(isReservedWell({ sample: null, label: 'SAMPLE' })).toBe(false);
    expect(isReservedWell({ sample: null, label: '' })).toBe(false);
    expect(isReservedWell({ sample: 'S-1', label: 'POS_CONTROL' })).toBe(false);
  });
});
