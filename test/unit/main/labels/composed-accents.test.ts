import { describe, expect, it } from 'vitest';
import { labelsToPdf, labelsToZplInTurns, measureWithBwip } from '../../../../main/labels/index.js';
import { defaultTemplates, prepareLabels } from '../../../../shared/labels/index.js';

/**
 * "Café" as some systems and exports store it: "e" followed by a combining acute accent (U+0301). It is
 * the same text as "Café" with "é" (U+00E9), and prints so; before, each character was checked alone and
 * the accent, on its own a mark no label font has, refused the label ("has "́" (U+0301) … no safe
 * spelling"). What is printed is what was checked: the composed text.
 */
const byId = (id: string) => defaultTemplates().find((t) => t.id === id)!;
const DECOMPOSED = 'Cafe\u0301';
const COMPOSED = 'Caf\u00e9';

describe('a value whose accents are stored as separate marks', () => {
  it('prints on a line as the composed letters, with nothing to say', async () => {
    const template = byId('cryotube-datamatrix');
    const { labels, notes } = prepareLabels(template, [{ id: 'TB-1', name: DECOMPOSED }], {
      measure: measureWithBwip,
    });
    expect(labels[0]!.lines).toEqual(['TB-1', COMPOSED, '']);
    expect(notes).toEqual([]);
    // The printer is sent the one Latin-1 byte of "é" (E9), the byte the check passed.
    expect((await labelsToZplInTurns(template, [{ id: 'TB-1', name: DECOMPOSED }], { dpi: 300 })).zpl).toContain(
      '^FDCaf_E9^FS',
    );
    expect(
      (await labelsToPdf(template, [{ id: 'TB-1', name: DECOMPOSED }], { layout: { kind: 'per-label' } })).pages,
    ).toBe(1);
  });

  it('is encoded in a barcode composed, and the user is told', () => {
    for (const id of ['cryotube-datamatrix', 'box-lid-qr']) {
      const { labels, notes } = prepareLabels(byId(id), [{ id: `${DECOMPOSED}-1` }], { measure: measureWithBwip });
      expect(labels[0]!.barcodeValue, id).toBe(`${COMPOSED}-1`);
      expect(notes, id).toEqual([
        `Label 1 (ID "${DECOMPOSED}-1"): "${DECOMPOSED}-1" has its accents stored as separate marks; the barcode holds each accent joined to its letter, so a scan of it may not find the row. To be sure it does, retype the accented letters in the labsheet.`,
      ]);
    }
  });

  it('a value already composed is encoded as it is, with no note', () => {
    const { labels, notes } = prepareLabels(byId('cryotube-datamatrix'), [{ id: `${COMPOSED}-1` }], {
      measure: measureWithBwip,
    });
    expect(labels[0]!.barcodeValue).toBe(`${COMPOSED}-1`);
    expect(notes).toEqual([]);
  });
});
