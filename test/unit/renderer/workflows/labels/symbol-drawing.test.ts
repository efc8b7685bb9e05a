import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { measureWithBwip } from '../../../../../main/labels/index.js';
import { measureSymbol, symbolSvg } from '../../../../../renderer/workflows/labels/symbol-drawing.js';
import { bwipRequestFor, type BwipRequest } from '../../../../../shared/labels/index.js';
import { randomText, seededRandom } from '../../../../helpers/seeded-random.js';

/**
 * The preview draws with bwip-js's encoders imported one by one (a quarter of the whole library's size),
 * while main measures the PDF and ZPL with the library's `raw`. A preview that measured otherwise would
 * lay a label out unlike its print. Every symbology, with values of every length and character set the
 * labels take (seeded), against main's measure and bwip-js's own SVG.
 */
describe('the preview measures and draws each symbol as main and bwip-js do', () => {
  const rand = seededRandom(20261129);
  const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
  const latin1 = `${ascii}ÄÖÜäöüßéèêàçñøÅ°µ±`;
  const unicode = `${latin1}αβγ€→✓漢字Ωµ`;
  const requests: BwipRequest[] = [];
  for (let n = 0; n < 60; n++) {
    requests.push(bwipRequestFor('code128', randomText(rand, ascii, 1, 40)));
    requests.push(bwipRequestFor('datamatrix', randomText(rand, n % 2 ? latin1 : ascii, 1, 120)));
    requests.push(bwipRequestFor('qrcode', randomText(rand, n % 2 ? unicode : ascii, 1, 200)));
  }

  it('measures every symbol in modules as main does', () => {
    for (const r of requests) expect([r, measureSymbol(r)]).toEqual([r, measureWithBwip(r)]);
  });

  it("draws every symbol as bwip-js's toSVG does", () => {
    for (const r of requests) expect([r, symbolSvg(r)]).toEqual([r, bwipjs.toSVG({ ...r, scale: 1 })]);
  });
});
