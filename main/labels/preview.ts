import bwipjs from 'bwip-js';
import {
  LabelError,
  preparingLabels,
  type BwipRequest,
  type DrawnPreview,
  type PreparedLabel,
  type PreviewJob,
  type DrawnLabel,
  type Steps,
} from '../../shared/labels/index.js';
import { measureWithBwip } from './measure.js';
import { finishInTurns } from './turns.js';

/**
 * Symbols drawn lately, by request: a template edit changes a line or a margin far more often than the
 * values, so most of a preview's symbols were drawn for the one before. Enough for a full preview twice.
 */
const KEPT_SYMBOLS = 200;

export type SymbolSvgs = (request: BwipRequest) => string;

/** bwip-js's SVG for a request at scale 1, the last KEPT_SYMBOLS kept (least recently used goes first). */
export function keptSymbolSvgs(draw: SymbolSvgs = (r) => bwipjs.toSVG({ ...r, scale: 1 })): SymbolSvgs {
  const kept = new Map<string, string>();
  return (request) => {
    const key = JSON.stringify(request);
    const svg = kept.get(key) ?? draw(request);
    kept.delete(key);
    kept.set(key, svg);
    if (kept.size > KEPT_SYMBOLS) kept.delete(kept.keys().next().value!);
    return svg;
  };
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
function* drawing(labels: readonly PreparedLabel[], svgFor: SymbolSvgs): Steps<DrawnLabel[]> {
  const drawn: DrawnLabel[] = [];
  for (const label of labels) {
    if (drawn.length > 0) yield;
    drawn.push(asDrawn(label, svgFor(label.bwip)));
  }
  return drawn;
}

/**
 * The labels as the PDF or the ZPL at `dpi` would print them, the first `drawn` with their symbols: a
 * few labels a turn, so a scan sent meanwhile is answered between them. Labels the template cannot
 * print are the answer's issues, every one, as the outputs would refuse them.
 */
export async function previewLabels(job: PreviewJob, svgFor: SymbolSvgs): Promise<DrawnPreview> {
  try {
    const { labels, notes } = await finishInTurns(
      preparingLabels(job.template, job.records, { measure: measureWithBwip, dpi: job.dpi }),
    );
    const drawn = await finishInTurns(drawing(labels.slice(0, job.drawn), svgFor));
    return { ok: true, widthMm: job.template.widthMm, heightMm: job.template.heightMm, labels: drawn, notes };
  } catch (error) {
    if (error instanceof LabelError) return { ok: false, issues: [...error.issues] };
    throw error;
  }
}
