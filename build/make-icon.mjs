#!/usr/bin/env node
// Draws build/icon.png (512×512): a blue rounded square with a white barcode, the app's mark.
// Plain Node (zlib) so regenerating the icon needs no image tools: `node build/make-icon.mjs`.
// electron-builder derives the .ico/.icns and Linux sizes from this one PNG.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const RADIUS = 96;
const BG = [31, 95, 191];
const FG = [255, 255, 255];
// Bar widths (in units of UNIT px) for a barcode-looking mark; 0-indexed even entries are bars.
const BARS = [2, 1, 1, 1, 3, 1, 1, 2, 2, 1, 1, 1, 3, 2, 1, 1, 2, 1, 1];
const UNIT = 11;

function insideRounded(x, y) {
  const cx = Math.min(Math.max(x, RADIUS), SIZE - 1 - RADIUS);
  const cy = Math.min(Math.max(y, RADIUS), SIZE - 1 - RADIUS);
  return (x - cx) ** 2 + (y - cy) ** 2 <= RADIUS ** 2;
}

const barColumns = new Set();
let x0 = Math.round((SIZE - BARS.reduce((a, b) => a + b, 0) * UNIT) / 2); // centred
BARS.forEach((units, i) => {
  const w = units * UNIT;
  if (i % 2 === 0) for (let x = x0; x < x0 + w; x++) barColumns.add(x);
  x0 += w;
});

const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE);
for (let y = 0; y < SIZE; y++) {
  const row = y * (SIZE * 4 + 1);
  raw[row] = 0; // filter: none
  for (let x = 0; x < SIZE; x++) {
    const p = row + 1 + x * 4;
    if (!insideRounded(x, y)) continue; // transparent corner
    const bar = y >= 128 && y < 384 && barColumns.has(x);
    const [r, g, b] = bar ? FG : BG;
    raw[p] = r;
    raw[p + 1] = g;
    raw[p + 2] = b;
    raw[p + 3] = 255;
  }
}

const CRC = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(SIZE, 0);
ihdr.writeUInt32BE(SIZE, 4);
ihdr[8] = 8; // bit depth
ihdr[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('./icon.png', import.meta.url), png);
console.log(`build/icon.png: ${png.length} bytes`);
