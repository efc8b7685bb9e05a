import bwipjs from 'bwip-js';
import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';
import { symbolSizeFromRaw, type BwipRequest, type SymbolSize } from '../../shared/labels/index.js';

/** The encoder's own symbol size for a request, so layout checks use exactly what will be drawn. */
export function measureWithBwip(request: BwipRequest): SymbolSize {
  const { bcid, text, ...options } = request;
  return symbolSizeFromRaw(bwipjs.raw(bcid, text, options));
}

// pdf-lib's two enums of the standard fonts hold the same names; embedFont converts the same way.
type FontName = Parameters<typeof StandardFontEmbedder.for>[0];
const helvetica = StandardFontEmbedder.for(StandardFonts.Helvetica as string as FontName);

/**
 * Width in points of a text line in the PDF's font (Helvetica). ZPL uses it too: Zebra's font 0 is
 * a condensed face, narrower than Helvetica, so a line that fits by this measure fits on the printer.
 */
export function measureTextWidth(text: string, sizePt: number): number {
  return helvetica.widthOfTextAtSize(text, sizePt);
}
