import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { ID_FONT, idInWell, plateSvg } from '../../../../main/plate-record/plate-picture.js';
import type { RecordWell } from '../../../../main/plate-record/record-wells.js';

const plate = { hrid: 'PL-0001', name: 'QC', rows: 8, columns: 12, unplacedUsed: 0 };
const well = (position: string, id: string): RecordWell => ({
  position,
  sample: { id, labsheet: 'Samples' },
  label: '',
  tags: [],
  filledAt: null,
  known: true,
});
/** The texts drawn in the wells (sample IDs), in the order of the wells given. */
const idsDrawn = (svg: string) =>
  [...svg.matchAll(/<text [^>]*font-size="([\d.]+)"[^>]*fill="#ffffff">([^<]*)<\/text>/g)].map((m) => ({
    size: Number(m[1]),
    text: m[2]!,
  }));

/** How wide the font the picture ships with draws `text` at `size` (resvg's own measure of it). */
const FONT = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
function drawnWidth(text: string, size: number): number {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="60"><text x="10" y="40" font-size="${size}" font-family="DejaVu Sans">${text}</text></svg>`;
  const r = new Resvg(svg, { font: { fontFiles: [FONT], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } });
  return r.getBBox()?.width ?? Infinity;
}

describe('sample IDs in the notebook picture', () => {
  it('two tubes of one series are told apart: each ID whole, in a smaller font', () => {
    const drawn = idsDrawn(plateSvg(plate, [well('A1', 'S-2024-000123'), well('A2', 'S-2024-000124')], new Date(0)));
    expect(drawn.map((d) => d.text)).toEqual(['S-2024-000123', 'S-2024-000124']);
    expect(drawn[0]!.size).toBeLessThan(ID_FONT.size);
    expect(drawn[0]!.size).toBeGreaterThanOrEqual(ID_FONT.least);
  });

  it('short IDs keep the usual size', () => {
    expect(idsDrawn(plateSvg(plate, [well('A1', 'S-0001')], new Date(0)))).toEqual([{ text: 'S-0001', size: 13 }]);
  });

  it('one too long even then keeps its end, after an ellipsis', () => {
    const [a, b] = idsDrawn(
      plateSvg(plate, [well('A1', 'PROJECT-ALPHA-2024-000123'), well('A2', 'PROJECT-ALPHA-2024-000124')], new Date(0)),
    );
    expect(a!.text).toMatch(/^\u2026.*000123$/);
    expect(b!.text).toMatch(/^\u2026.*000124$/);
    expect(a!.size).toBe(ID_FONT.least);
  });

  it('what is drawn fits inside its well, as the font really draws it', () => {
    // The well's circle: 0.42 of the 90-unit pitch as radius, less a margin.
    const room = 2 * 0.42 * 90 - 8;
    for (const id of ['S-2024-000123', 'WWWWWWWWWWWW', 'mmmmmmmmmmmmmmmm', 'PROJECT-ALPHA-2024-000123', 'Ωμέγα-7']) {
      const fit = idInWell(id, room);
      expect(drawnWidth(fit.text, fit.size), `${id} drawn as ${fit.text} at ${fit.size}`).toBeLessThanOrEqual(room);
    }
  });
});
