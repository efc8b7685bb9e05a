import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { helveticaWidth } from '../../../../shared/labels/index.js';

/**
 * The widths labels are fitted by (shared, so the preview fits lines as the PDF and the ZPL do) are the
 * PDF font's own: pdf-lib's Helvetica, character by character, for every character a label prints.
 */
type FontName = Parameters<typeof StandardFontEmbedder.for>[0];
const pdfHelvetica = StandardFontEmbedder.for(StandardFonts.Helvetica as string as FontName);

const printable = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => 0xa0 + i),
].map((cp) => String.fromCodePoint(cp));

describe("Helvetica's widths for fitting printed lines", () => {
  it("are the PDF font's for every ISO-8859-1 character a label prints", () => {
    const differ = printable.filter((ch) => helveticaWidth(ch, 1000) !== pdfHelvetica.widthOfTextAtSize(ch, 1000));
    expect(differ).toEqual([]);
  });

  it('add up without kerning, as the PDF draws a line (one string, no kerning)', () => {
    expect(helveticaWidth('AV', 10)).toBe(helveticaWidth('A', 10) + helveticaWidth('V', 10));
    expect(helveticaWidth('AV', 10)).toBeGreaterThan(pdfHelvetica.widthOfTextAtSize('AV', 10));
  });
});
