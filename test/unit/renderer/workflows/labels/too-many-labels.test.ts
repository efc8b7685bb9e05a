import { describe, expect, it } from 'vitest';
import { tooManyLabels } from '../../../../../renderer/workflows/labels/too-many-labels.js';
import { defaultTemplates, labelJob } from '../../../../../shared/labels/index.js';

/**
 * A 26 × 48 rack's 1,248 wells are more labels than one job takes: the screen says so before a button is
 * pressed, at exactly the count main's job schema refuses.
 */
describe('Labels › more labels than one job prints', () => {
  const template = defaultTemplates()[0]!;
  const job = (n: number) => ({ template, records: Array.from({ length: n }, (_, i) => ({ id: `T${i}` })) });

  it('is said at the count main refuses, and not below it', () => {
    for (const n of [1, 999, 1000, 1001, 1248]) {
      expect([n, tooManyLabels(n, 'wells') === null]).toEqual([n, labelJob.safeParse(job(n)).success]);
    }
  });

  it('says how many, the most, and how to print them in parts', () => {
    expect(tooManyLabels(1248, 'wells')).toBe(
      '1,248 labels: one job prints at most 1,000. Click the wells to print first (Shift+click for a range), then the rest.',
    );
    expect(tooManyLabels(5000, 'rows')).toBe('5,000 labels: one job prints at most 1,000. Print them in parts.');
  });
});
