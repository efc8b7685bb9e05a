import { describe, expect, it } from 'vitest';
import { kindOf, plateSvg, WELL_COLOURS } from '../../../../main/plate-record/plate-picture.js';
import { contentOf } from '../../../../main/plate-record/record-tables.js';
import type { RecordWell } from '../../../../main/plate-record/record-wells.js';

const labelled = (label: string): RecordWell => ({
  position: 'A1',
  sample: null,
  label,
  tags: [],
  filledAt: null,
  known: true,
});

describe('labels in the notebook picture agree with the well table', () => {
  it('a label the legend does not list is drawn as a label, whatever its text', () => {
    for (const label of ['constructor', 'toString', 'sample', 'empty', 'CUSTOM_QC']) {
      const w = labelled(label);
      expect(contentOf(w)).toBe('label');
      expect(kindOf(w), label).toBe('label');
    }
  });

  it('the controls keep their colours; SAMPLE with no sample is empty in both', () => {
    expect(kindOf(labelled('POS_CONTROL'))).toBe('POS_CONTROL');
    expect(kindOf(labelled('SAMPLE'))).toBe('empty');
    expect(contentOf(labelled('SAMPLE'))).toBe('empty');
  });

  it('is drawn in a colour, and counted in the legend', () => {
    const svg = plateSvg({ hrid: 'PL-1', name: 'QC', rows: 8, columns: 12 }, [labelled('constructor')], new Date(0));
    expect(svg).not.toContain('function');
    expect(svg).toContain(`fill="${WELL_COLOURS.label}"`);
    expect(svg).toContain('Other label (1)');
  });
});
