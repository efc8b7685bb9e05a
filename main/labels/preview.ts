import bwipjs from 'bwip-js';
import {
  LabelError,
  MAX_LABELS_PER_JOB,
  preparingLabels,
  type BwipRequest,
  type DrawnPreview,
  type PreparedLabel,
  type PreviewJob,
  type DrawnLabel,
  type MeasureSymbol,
  type Steps,
} from '../../shared/labels/index.js';
import { measureWithBwip } from './measure.js';
import { finishInTurns } from './turns.js';

/**
 * Symbols measured and drawn lately, by request: a template edit changes a line or a margin far more
 * often than the values, so most of a preview's symbols were encoded for the one before (encoding is
 * most of a preview's cost: 96 DataMatrix labels took 29 ms laid out again, each encoded afresh). Sizes
 * are a few numbers, so a whole job's are kept; drawings for a full preview twice.
 */
const KEPT_SIZES = 2 * MAX_LABELS_PER_JOB;
const KEPT_DRAWINGS = 200;

/** bwip-js's SVG for a request at scale 1. */
export type DrawSymbol = (request: BwipRequest) => string;

/** How main measures and draws a preview's symbols, each kept for the next preview. */
export interface PreviewSymbols {
  measure: MeasureSymbol;
  draw: DrawSymbol;
}

/** `make`'s answer for a request, the last `limit` kept (the least recently used goes first). */
function keptLatest<T>(limit: number, make: (request: BwipRequest) => T): (request: BwipRequest) => T {
  const kept = new Map<string, T>();
  return (request) => {
    const key = JSON.stringify(request);
    const value = kept.has(key) ? kept.get(key)! : make(request);
    kept.delete(key);
    kept.set(key, value);
    if (kept.size > limit) kept.delete(kept.keys().next().value!);
    return value;
  };
}

export function keptSymbols(
  encoder: PreviewSymbols = { measure: measureWithBwip, draw: (r) => bwipjs.toSVG({ ...r, scale: 1 }) },
): PreviewSymbols {
  return { measure: keptLatest(KEPT_SIZES, encoder.measure), draw: keptLatest(KEPT_DRAWINGS, encoder.draw) };
}

const asDrawn = (label: PreparedLabel, svg: string): DrawnLabel => ({
  index: label.index,
  barcodeValue: label.barcodeValue,
  symbol: { x: label.placement.x, y: label.placement.y, w: label.placement.w, h: label.placement.h },
  linear: label.symbol.heightModules === null,
  svg,
  text: {
    x: label.layout.text.x,
    y: label.layout.text.y,
    w: label.layout.text.w,
    lineHeightMm: label.layout.text.lineHeightMm,
  },
  lines: label.lines,
  lineSizesPt: label.lineSizesPt,
});

/** A symbol a step: a large QR code takes milliseconds to draw, and 96 of them held main's answers. */
function* drawing(labels: readonly PreparedLabel[], draw: DrawSymbol): Steps<DrawnLabel[]> {
  const drawn: DrawnLabel[] = [];
  for (const label of labels) {
    if (drawn.length > 0) yield;
    drawn.push(asDrawn(label, draw(label.bwip)));
  }
  return drawn;
}

/**
 * The labels as the PDF or the ZPL at `dpi` would print them, the first `drawn` with their symbols: a
 * few labels a turn, so a scan sent meanwhile is answered between them. Labels the template cannot
 * print are the answer's issues, every one, as the outputs would refuse them.
 */
export async function previewLabels(job: PreviewJob, symbols: PreviewSymbols): Promise<DrawnPreview> {
  try {
    const { labels, notes } = await finishInTurns(
      preparingLabels(job.template, job.records, { measure: symbols.measure, dpi: job.dpi }),
    );
    const drawn = await finishInTurns(drawing(labels.slice(0, job.drawn), symbols.draw));
    return { ok: true, widthMm: job.template.widthMm, heightMm: job.template.heightMm, labels: drawn, notes };
  } catch (error) {
    if (error instanceof LabelError) return { ok: false, issues: [...error.issues] };
    throw error;
  }
}
