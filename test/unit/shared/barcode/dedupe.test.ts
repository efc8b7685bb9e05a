import { describe, expect, it } from 'vitest';
import { createDuplicateFilter } from '../../../../shared/barcode/dedupe.js';

const read = (text: string, startedAt: number, endedAt: number) => ({ text, startedAt, endedAt });

describe('the one double-read filter: from the end of a read to the start of the next', () => {
  it('a 102-character keyboard read takes 408 ms; its twin 2 ms later is a double read', () => {
    const f = createDuplicateFilter(300);
    const code = 'X'.repeat(102);
    expect(f.check(read(code, 0, 408))).toEqual({ duplicate: false });
    expect(f.check(read(code, 410, 818))).toEqual({ duplicate: true, sinceMs: 2 });
  });

  it('the same tube read again after the window counts; a different tube at once counts', () => {
    const f = createDuplicateFilter(300);
    expect(f.check(read('TB1', 0, 20)).duplicate).toBe(false);
    expect(f.check(read('TB2', 25, 45)).duplicate).toBe(false);
    expect(f.check(read('TB2', 345, 365)).duplicate).toBe(false);
  });

  it('slides: a held trigger reading every 100 ms stays suppressed', () => {
    const f = createDuplicateFilter(300);
    f.check(read('TB1', 0, 20));
    for (let t = 100; t < 2000; t += 100) expect(f.check(read('TB1', t, t + 20)).duplicate).toBe(true);
  });

  it('the same read arriving by two paths at once (HID and typed) is one read', () => {
    const f = createDuplicateFilter(300);
    expect(f.check(read('TB000042', 1000, 1040)).duplicate).toBe(false);
    expect(f.check(read('TB000042', 1001, 1043))).toEqual({ duplicate: true, sinceMs: 0 });
  });

  it("uses the user's window, and 0 turns it off", () => {
    const f = createDuplicateFilter(0);
    f.check(read('TB1', 0, 10));
    expect(f.check(read('TB1', 11, 20)).duplicate).toBe(false);
    f.setWindow(1000);
    expect(f.windowMs).toBe(1000);
    expect(f.check(read('TB1', 900, 910)).duplicate).toBe(true);
    f.reset();
    expect(f.check(read('TB1', 920, 930)).duplicate).toBe(false);
  });
});
