import bwipjs from 'bwip-js';
import { PNG } from 'pngjs';
import type { BwipRequest } from '../../shared/labels/index.js';

export interface BarcodePngOptions {
  /** Pixels per module, a whole number: for print, the module's width in printer dots. */
  pxPerModule: number;
  /** White border in modules, for a standalone image (labels leave the quiet zone blank themselves). */
  quietZoneModules?: number;
}

export interface BarcodePng {
  png: Buffer;
  width: number;
  height: number;
}

/** Bar height for 1D symbols in modules; the PDF stretches bars to the label's box anyway. */
const LINEAR_HEIGHT_MODULES = 40;

/** Every other pixel in both directions: exact, because every module is an even number of pixels wide. */
function halve(image: PNG): PNG {
  const out = new PNG({ width: image.width / 2, height: image.height / 2 });
  for (let y = 0; y < out.height; y++) {
    for (let x = 0; x < out.width; x++) {
      const from = (y * 2 * image.width + x * 2) * 4;
      image.data.copy(out.data, (y * out.width + x) * 4, from, from + 4);
    }
  }
  return out;
}

/**
 * A barcode drawn by bwip-js (never by us), black on white, with exactly `pxPerModule` pixels per
 * module. Exactness matters: a PDF image that is resampled to the printer's grid blurs bar edges,
 * and 2 px Code 128 bars stopped decoding when drawn at 4 px and scaled down.
 */
export async function barcodePng(request: BwipRequest, options: BarcodePngOptions): Promise<BarcodePng> {
  const px = Math.max(1, Math.round(options.pxPerModule));
  const { bcid, text, ...bwippOptions } = request;
  const linear = bcid === 'code128';
  const rendered = PNG.sync.read(
    await bwipjs.toBuffer({
      bcid,
      text,
      ...bwippOptions,
      scale: px,
      // bwip-js takes linear heights in millimetres at 72 dpi × scale; this gives LINEAR_HEIGHT_MODULES.
      ...(linear ? { height: (LINEAR_HEIGHT_MODULES * 25.4) / 72 } : {}),
      backgroundcolor: 'FFFFFF',
    }),
  );
  // bwip-js draws 2D modules two units wide: at scale s they are 2s pixels.
  const image = linear ? rendered : halve(rendered);
  const border = (options.quietZoneModules ?? 0) * px;
  if (border === 0) return { png: PNG.sync.write(image), width: image.width, height: image.height };
  const framed = new PNG({ width: image.width + 2 * border, height: image.height + 2 * border });
  framed.data.fill(255);
  PNG.bitblt(image, framed, 0, 0, image.width, image.height, border, border);
  return { png: PNG.sync.write(framed), width: framed.width, height: framed.height };
}
