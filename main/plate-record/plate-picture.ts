import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { parsePosition } from '../../shared/layout/positions.js';
import type { RecordWell } from './record-wells.js';

/**
 * The plate map as a picture for the notebook: drawn here from the record's wells (not a screenshot
 * of the screen), as SVG rendered by resvg at print resolution, with its legend. The font ships with
 * the app (DejaVu Sans from npm), so the picture is the same on every machine, offline.
 */

/** Fill colours by what a well holds; the legend lists them. Tests sample these exact values. */
export const WELL_COLOURS = {
  sample: '#2e7d32',
  POS_CONTROL: '#c62828',
  NEG_CONTROL: '#1565c0',
  BLANK: '#9e9e9e',
  STANDARD: '#f9a825',
  empty: '#ffffff',
  /** Used or not, this computer cannot tell (placed at another bench, a service that lists no wells). */
  unknown: '#ffe0b2',
} as const;
type Kind = keyof typeof WELL_COLOURS;

const LEGEND: readonly [Kind, string][] = [
  ['sample', 'Sample'],
  ['POS_CONTROL', 'Positive control'],
  ['NEG_CONTROL', 'Negative control'],
  ['BLANK', 'Blank'],
  ['STANDARD', 'Standard'],
  ['empty', 'Empty'],
  ['unknown', 'Unknown here'],
];

/** Pixels per SVG unit in the PNG: the 96-well picture comes out about 3,000 px wide (A4 at 300 dpi). */
export const PRINT_ZOOM = 2.5;
const PITCH = 90;
const MARGIN = { left: 60, top: 130 };

export function kindOf(w: RecordWell): Kind {
  if (!w.known) return 'unknown';
  if (w.sample !== null) return 'sample';
  if (w.label in WELL_COLOURS) return w.label as Kind;
  return 'empty';
}

/** A point inside a well's fill, above its sample id, in the PNG's pixels (tests sample the colour there). */
export function wellFillPointPx(position: string, layout: { rows: number; columns: number }): { x: number; y: number } {
  const p = parsePosition(position);
  if (!p) throw new Error(`not a position: ${position}`);
  const pitch = pitchFor(layout);
  return {
    x: Math.round((MARGIN.left + p.column * pitch + pitch / 2) * PRINT_ZOOM),
    y: Math.round((MARGIN.top + p.row * pitch + pitch / 4) * PRINT_ZOOM),
  };
}

/** 384-well plates keep the picture the same width as 96-well ones. */
const pitchFor = (layout: { columns: number }) => (PITCH * 12) / Math.max(12, layout.columns);

/**
 * Characters XML does not allow at all, not even escaped (control characters, U+FFFE/U+FFFF, a half
 * of a surrogate pair, as a cut sample ID can leave): one in a plate's name or a sample ID made the
 * picture fail to render, so the plate could never be filed. Shown as U+FFFD, the usual mark of a
 * character that cannot be shown: the CSVs keep the text as it is.
 */
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const esc = (s: string) => s.replace(NOT_XML, '\ufffd').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The plate as the picture names it. `changedElsewhere`: another bench changed it since this
 * computer's last write (record-view.ts), which is why its wells are unknown here.
 */
export interface PicturedPlate {
  hrid: string;
  name: string;
  rows: number;
  columns: number;
  unplacedUsed?: number | null;
  changedElsewhere?: boolean;
}

export function plateSvg(plate: PicturedPlate, wells: readonly RecordWell[], at: Date): string {
  const pitch = pitchFor(plate);
  const r = pitch * 0.42;
  const gridW = plate.columns * pitch;
  const gridH = plate.rows * pitch;
  const legendTop = MARGIN.top + gridH + 50;
  const width = MARGIN.left + gridW + 40;
  const height = legendTop + Math.ceil(LEGEND.length / 3) * 44 + 40;
  const counts = new Map<Kind, number>();
  const parts: string[] = [];
  for (const w of wells) {
    const p = parsePosition(w.position);
    if (!p) continue;
    const kind = kindOf(w);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    const cx = MARGIN.left + p.column * pitch + pitch / 2;
    const cy = MARGIN.top + p.row * pitch + pitch / 2;
    parts.push(
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${WELL_COLOURS[kind]}" stroke="#424242" stroke-width="2"/>`,
    );
    const text = w.known ? (w.sample?.id ?? '') : '?';
    if (text && plate.columns <= 12)
      parts.push(
        `<text x="${cx}" y="${cy + 5}" font-size="13" text-anchor="middle" fill="${w.known ? '#ffffff' : '#424242'}">${esc(text.slice(0, 9))}</text>`,
      );
  }
  const fs = plate.columns > 12 ? 14 : 22;
  for (let c = 0; c < plate.columns; c++)
    parts.push(
      `<text x="${MARGIN.left + c * pitch + pitch / 2}" y="${MARGIN.top - 12}" font-size="${fs}" text-anchor="middle">${c + 1}</text>`,
    );
  for (let row = 0; row < plate.rows; row++)
    parts.push(
      `<text x="${MARGIN.left - 16}" y="${MARGIN.top + row * pitch + pitch / 2 + 8}" font-size="${fs}" text-anchor="end">${String.fromCharCode(65 + row)}</text>`,
    );
  // Three to a line, so the longest names never run into the next.
  const legend = LEGEND.map(([kind, label], i) => {
    const x = MARGIN.left + (i % 3) * (gridW / 3);
    const y = legendTop + Math.floor(i / 3) * 44;
    return (
      `<circle cx="${x + 14}" cy="${y + 20}" r="14" fill="${WELL_COLOURS[kind]}" stroke="#424242" stroke-width="2"/>` +
      `<text x="${x + 36}" y="${y + 28}" font-size="20">${esc(label)} (${counts.get(kind) ?? 0})</text>`
    );
  }).join('');
  // Said in words too: a reader of the printed page must not take the light wells for empty ones.
  const unknown = counts.get('unknown') ?? 0;
  const note =
    unknown === 0
      ? ''
      : `<text x="${MARGIN.left}" y="${height - 12}" font-size="18" fill="#424242">${esc(
          plate.changedElsewhere
            ? `${unknown} wells unknown here: the plate was changed at another bench since this computer last wrote to it`
            : `${unknown} wells unknown here: the service does not list wells` +
                (plate.unplacedUsed ? `; ${plate.unplacedUsed} of them are used (placed elsewhere)` : ''),
        )}</text>`;
  const title = `${plate.hrid} · ${plate.name}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    `<text x="${MARGIN.left}" y="44" font-size="32" font-weight="bold">${esc(title)}</text>` +
    `<text x="${MARGIN.left}" y="76" font-size="18" fill="#424242">${plate.rows * plate.columns}-well plate map · ${esc(at.toISOString().slice(0, 16).replace('T', ' '))} UTC</text>` +
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${gridW}" height="${gridH}" rx="12" fill="#fafafa" stroke="#616161" stroke-width="2"/>` +
    parts.join('') +
    legend +
    note +
    `</svg>`
  );
}

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export function platePng(plate: PicturedPlate, wells: readonly RecordWell[], at: Date): Buffer {
  const resvg = new Resvg(plateSvg(plate, wells, at), {
    font: { fontFiles: [FONT, FONT_BOLD], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
    fitTo: { mode: 'zoom', value: PRINT_ZOOM },
  });
  return resvg.render().asPng();
}
