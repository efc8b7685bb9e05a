import bwipjs from 'bwip-js';
import { PNG } from 'pngjs';
import type { BwipRequest } from '../../shared/labels/index.js';

export interface BarcodePngOptions {
  /** Pixels per module; an integer so every bar is a whole number of pixels. */
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

/** A barcode drawn by bwip-js (never by us), black on white. */
export async function barcodePng(request: BwipRequest, options: BarcodePngOptions): Promise<BarcodePng> {
  const px = Math.max(1, Math.round(options.pxPerModule));
  const { bcid, text, ...bwippOptions } = request;
  const linear = bcid === 'code128';
  // bwip-js draws 2D modules two units wide, so a 2D symbol at scale s has 2s pixels per module.
  const scale = linear ? px : Math.max(1, Math.round(px / 2));
  const png = await bwipjs.toBuffer({
    bcid,
    text,
    ...bwippOptions,
    scale,
    // bwip-js takes linear heights in millimetres at 72 dpi × scale; this gives LINEAR_HEIGHT_MODULES.
    ...(linear ? { height: (LINEAR_HEIGHT_MODULES * 25.4) / 72 } : {}),
    backgroundcolor: 'FFFFFF',
  });
  const image = PNG.sync.read(png);
  const qz = options.quietZoneModules ?? 0;
  if (qz === 0) return { png, width: image.width, height: image.height };
  const pxModule = linear ? scale : scale * 2;
  const border = qz * pxModule;
  const framed = new PNG({ width: image.width + 2 * border, height: image.height + 2 * border });
  framed.data.fill(255);
  PNG.bitblt(image, framed, 0, 0, image.width, image.height, border, border);
  return { png: PNG.sync.write(framed), width: framed.width, height: framed.height };
}
