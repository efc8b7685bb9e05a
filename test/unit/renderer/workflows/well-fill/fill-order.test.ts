import { describe, expect, it } from 'vitest';
import { nextEmptyWell, wellAfter } from '../../../../../renderer/workflows/well-fill/fill-order.js';

const plate96 = { rows: 8, columns: 12 };

describe('fill order', () => {
  it('row-major goes along a row first, column-major down a column', () => {
    const none = () => false;
    expect(nextEmptyWell(plate96, 'row-major', none)).toBe('A1');
    expect(wellAfter(plate96, 'row-major', 'A1')).toBe('A2');
    expect(wellAfter(plate96, 'row-major', 'A12')).toBe('B1');
    expect(wellAfter(plate96, 'column-major', 'A1')).toBe('B1');
    expect(wellAfter(plate96, 'column-major', 'H1')).toBe('A2');
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
    expect(wellAfter({ rows: 1, columns: 2 }, 'row-major', 'A2')).toBeNull();
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
});
