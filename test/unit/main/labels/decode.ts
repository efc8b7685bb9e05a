import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BinaryBitmap,
  Code128Reader,
  DataMatrixReader,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';
import type { Symbology } from '../../../../shared/labels/index.js';

/** Decoded with a maintained decoder (ZXing), never with our own code. */
export interface Raster {
  width: number;
  height: number;
  /** One byte per pixel, 0 = black. */
  luminance: Uint8ClampedArray;
}

export function rasterFromPng(png: Buffer): Raster {
  const image = PNG.sync.read(png);
  const luminance = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < luminance.length; i++) {
    const [r, g, b, a] = [image.data[i * 4]!, image.data[i * 4 + 1]!, image.data[i * 4 + 2]!, image.data[i * 4 + 3]!];
    // Transparent counts as paper.
    luminance[i] = Math.round(255 - (a / 255) * (255 - (0.299 * r + 0.587 * g + 0.114 * b)));
  }
  return { width: image.width, height: image.height, luminance };
}

export function crop(raster: Raster, x: number, y: number, w: number, h: number): Raster {
  const x0 = Math.max(0, Math.floor(x));
  const y0 = Math.max(0, Math.floor(y));
  const x1 = Math.min(raster.width, Math.ceil(x + w));
  const y1 = Math.min(raster.height, Math.ceil(y + h));
  const out = new Uint8ClampedArray((x1 - x0) * (y1 - y0));
  for (let row = y0; row < y1; row++)
    out.set(raster.luminance.subarray(row * raster.width + x0, row * raster.width + x1), (row - y0) * (x1 - x0));
  return { width: x1 - x0, height: y1 - y0, luminance: out };
}

const READERS = { code128: Code128Reader, datamatrix: DataMatrixReader, qrcode: QRCodeReader } as const;

/**
 * ZXing's locating decoder first; then its pure-barcode mode, which reads a cropped symbol by its
 * own module grid. The fallback exists because zxing-js's QR detector mis-samples large-module
 * version 1 symbols (ChecksumException on bwip-js's own clean PNG at 8 px per module).
 */
export function decode(raster: Raster, symbology: Symbology): string {
  const attempt = (hint: DecodeHintType): string => {
    const reader = new READERS[symbology]();
    const bitmap = new BinaryBitmap(
      new HybridBinarizer(new RGBLuminanceSource(raster.luminance, raster.width, raster.height)),
    );
    return reader.decode(bitmap, new Map<DecodeHintType, unknown>([[hint, true]])).getText();
  };
  try {
    return attempt(DecodeHintType.TRY_HARDER);
  } catch (located) {
    if (symbology === 'code128') throw located;
    return attempt(DecodeHintType.PURE_BARCODE);
  }
}

/** Every page of a PDF as PNG at `dpi`, rendered by poppler's pdftoppm the way a print preview would. */
export function pdfPagesToPng(pdf: Uint8Array, dpi = 300): Buffer[] {
  const tool = '/usr/bin/pdftoppm';
  if (!existsSync(tool)) {
    throw new Error(
      'pdftoppm is missing: install the Debian/Ubuntu package "poppler-utils" (apt-get install poppler-utils); the label tests render PDFs back to PNG with it.',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'benchlink-labels-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync(tool, ['-r', String(dpi), '-png', join(dir, 'in.pdf'), join(dir, 'page')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort((a, b) => Number(/(\d+)\.png$/.exec(a)![1]) - Number(/(\d+)\.png$/.exec(b)![1]))
      .map((f) => readFileSync(join(dir, f)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
