import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { parsePosition } from '../../shared/layout/positions.js';
import { ageSaid, localClock, localDay, localOffset } from './local-time.js';
import { contentOf } from './record-tables.js';
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
  /** A label that keeps the well that none of the above is (the table and grid call it "label"). */
  label: '#8e24aa',
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
  ['label', 'Other label'],
  ['empty', 'Empty'],
  ['unknown', 'Unknown here'],
];

/** Pixels per SVG unit in the PNG: the 96-well picture comes out about 3,000 px wide (A4 at 300 dpi). */
export const PRINT_ZOOM = 2.5;
const PITCH = 90;
const MARGIN = { left: 60, top: 130 };

/** The labels drawn in a colour of their own; any other label that keeps its well is drawn as `label`. */
const LABEL_KINDS: ReadonlySet<string> = new Set<Kind>(['POS_CONTROL', 'NEG_CONTROL', 'BLANK', 'STANDARD']);

/**
 * How a well is drawn: what the table and grid say it holds (contentOf, the one rule for all three
 * files), a control, blank or standard in its own colour. A label is matched against the list, never
 * by `in` (which finds "constructor" on every object), and one the list does not have (a lowercase
 * "sample", another app's own) is no sample and no empty well.
 */
export function kindOf(w: RecordWell): Kind {
  const content = contentOf(w);
  if (content !== 'label') return content;
  return LABEL_KINDS.has(w.label) ? (w.label as Kind) : 'label';
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
  /** When the copy its wells were read from was saved (ms), when the service could not be reached. */
  savedCopyAt?: number;
}

/** When the record was made, on the bench's clock (as its folder is named), with that clock's offset. */
const whenSaid = (at: number): string => `${localDay(at)} ${localClock(at).slice(0, 5)} (${localOffset(at)})`;

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
    if (text && plate.columns <= 12) {
      const fit = idInWell(text, 2 * r - 8);
      parts.push(
        `<text x="${cx}" y="${cy + 5}" font-size="${fit.size}" text-anchor="middle" fill="${w.known ? '#ffffff' : '#424242'}">${esc(fit.text)}</text>`,
      );
    }
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
            : plate.savedCopyAt !== undefined
              ? `${unknown} wells not known: read from a copy saved ${ageSaid(at.getTime() - plate.savedCopyAt)} ago (the service could not be reached)`
              : `${unknown} wells unknown here: the service does not list wells` +
                (plate.unplacedUsed ? `; ${plate.unplacedUsed} of them are used (placed elsewhere)` : ''),
        )}</text>`;
  // How old the wells are, whatever the count: a saved copy shows no change made since it was saved.
  const readFrom =
    plate.savedCopyAt === undefined
      ? ''
      : ` · wells from a copy saved ${ageSaid(at.getTime() - plate.savedCopyAt)} before (offline)`;
  const title = `${plate.hrid} · ${plate.name}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    `<text x="${MARGIN.left}" y="44" font-size="32" font-weight="bold">${esc(title)}</text>` +
    `<text x="${MARGIN.left}" y="76" font-size="18" fill="#424242">${plate.rows * plate.columns}-well plate map · ${esc(whenSaid(at.getTime()))}${readFrom}</text>` +
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${gridW}" height="${gridH}" rx="12" fill="#fafafa" stroke="#616161" stroke-width="2"/>` +
    parts.join('') +
    legend +
    note +
    `</svg>`
  );
}

/**
 * Advance widths of DejaVu Sans (the font the picture ships with) for ASCII space to tilde, in its units
 * (2,048 an em), read from its hmtx table; any other character is taken as a whole em, which none is wider.
 */
const ASCII_WIDTHS = [
  651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690, 1303, 1303, 1303, 1303, 1303,
  1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087, 2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540,
  604, 604, 1343, 1141, 1767, 1532, 1612, 1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690,
  799, 1716, 1024, 1024, 1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253, 1300,
  1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716,
];
const UNITS_PER_EM = 2048;

/** How wide `text` is drawn at one unit of font size. */
const emWidth = (text: string): number =>
  [...text].reduce((sum, c) => sum + (ASCII_WIDTHS[c.codePointAt(0)! - 32] ?? UNITS_PER_EM), 0) / UNITS_PER_EM;

/** The font size a sample ID is drawn at in its well, and the smallest it goes before it is shortened. */
export const ID_FONT = { size: 13, least: 8 } as const;
const ELLIPSIS = '\u2026';

/**
 * A sample ID as its well shows it, in `room` units: whole, in a smaller font if need be; too long even
 * then, its end after an ellipsis. The end is what tells one tube of a series from the next
 * (S-2024-000123, S-2024-000124): cut at a fixed length, both read "S-2024-00", and the notebook's
 * picture could not be told from a plate holding other tubes.
 */
export function idInWell(id: string, room: number): { text: string; size: number } {
  const wide = emWidth(id);
  if (wide * ID_FONT.size <= room) return { text: id, size: ID_FONT.size };
  if (wide * ID_FONT.least <= room) return { text: id, size: Math.floor((room / wide) * 10) / 10 };
  const chars = [...id];
  let kept = chars.length;
  while (kept > 1 && emWidth(ELLIPSIS + chars.slice(-kept).join('')) * ID_FONT.least > room) kept -= 1;
  return { text: ELLIPSIS + chars.slice(-kept).join(''), size: ID_FONT.least };
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
