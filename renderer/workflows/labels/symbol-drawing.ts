import { code128, datamatrix, drawingSVG, qrcode, type DrawingContext } from 'bwip-js/browser';
import type { BwipRequest, SymbolSize } from '../../../shared/labels/index.js';

/**
 * bwip-js's encoders for the symbologies labels use, imported one by one: its `toSVG` and `raw` look each
 * request's encoder up among all of them, so the bundle held every one (272 KB gzipped of the Labels
 * screen's code); these three are a quarter of it. Main measures with `raw` (main/labels/measure.ts);
 * what is measured here is checked against it (symbol-drawing.test.ts).
 */
const ENCODERS = { code128, datamatrix, qrcode } as const satisfies Record<BwipRequest['bcid'], unknown>;

/**
 * BWIPP draws a matrix symbol's module 2 points across at scale 1, and a linear symbol's narrowest bar 1
 * point: the drawn size over this is the symbol's size in modules.
 */
const POINTS_PER_MODULE: Readonly<Record<BwipRequest['bcid'], number>> = { code128: 1, datamatrix: 2, qrcode: 2 };

/** A drawing that draws nothing and answers the size the encoder gave it. */
function sizeOnly(): DrawingContext<{ width: number; height: number }> {
  let size = { width: 0, height: 0 };
  return {
    scale: (sx, sy) => [sx, sy],
    measure: () => ({ width: 0, ascent: 0, descent: 0 }),
    init: (width, height) => {
      size = { width, height };
    },
    line: () => undefined,
    polygon: () => undefined,
    hexagon: () => undefined,
    ellipse: () => undefined,
    fill: () => undefined,
    text: () => undefined,
    end: () => size,
  };
}

/** The symbol's size in modules, as main's `raw` measures it (1D symbols have no module height). */
export function measureSymbol(request: BwipRequest): SymbolSize {
  const { width, height } = ENCODERS[request.bcid]({ ...request, scale: 1 }, sizeOnly());
  const per = POINTS_PER_MODULE[request.bcid];
  return { widthModules: width / per, heightModules: request.bcid === 'code128' ? null : height / per };
}

/** bwip-js's SVG for the symbol at scale 1, as its `toSVG` draws it. */
export function symbolSvg(request: BwipRequest): string {
  return ENCODERS[request.bcid]({ ...request, scale: 1 }, drawingSVG());
}
