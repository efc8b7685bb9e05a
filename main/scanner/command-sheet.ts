import bwipjs from 'bwip-js';
import {
  COMMAND_LABELS,
  commandPayload,
  DEFAULT_COMMAND_PREFIX,
  layoutPayload,
  SCAN_COMMANDS,
  type ScanCommand,
} from '../../shared/barcode/commands.js';
import { positionsInOrder, type Layout } from '../../shared/layout/positions.js';

export interface CommandSheetOptions {
  commandPrefix?: string;
  commands?: readonly ScanCommand[];
  /** Also print a position barcode for every well of this layout (scan a position, then a tube). */
  positions?: Layout;
  /** Saved plate layouts: scanning one applies it to the open plate. */
  layouts?: readonly string[];
  title?: string;
}

export interface SheetEntry {
  label: string;
  payload: string;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One Code 128 symbol as inline SVG; bwip-js renders SVG without a canvas, in main or renderer. */
export function code128Svg(payload: string): string {
  return bwipjs.toSVG({
    bcid: 'code128',
    text: payload,
    scale: 2,
    height: 12,
    includetext: false,
    paddingwidth: 10,
    paddingheight: 4,
  });
}

export function sheetEntries(options: CommandSheetOptions = {}): SheetEntry[] {
  const prefix = options.commandPrefix ?? DEFAULT_COMMAND_PREFIX;
  const entries: SheetEntry[] = (options.commands ?? SCAN_COMMANDS).map((c) => ({
    label: COMMAND_LABELS[c],
    payload: commandPayload(c, prefix),
  }));
  for (const name of options.layouts ?? [])
    entries.push({ label: `Layout: ${name}`, payload: layoutPayload(name, prefix) });
  if (options.positions)
    for (const p of positionsInOrder(options.positions, 'row-major'))
      entries.push({ label: `Position ${p}`, payload: p });
  return entries;
}

/**
 * A self-contained printable HTML page: each barcode with its meaning and the encoded text
 * below it, so a scientist can also type the text when a printout is smudged.
 */
export function renderCommandSheet(options: CommandSheetOptions = {}): string {
  const title = escapeHtml(options.title ?? 'Benchlink command barcodes');
  const cells = sheetEntries(options)
    .map(
      (e) =>
        `<figure class="code">${code128Svg(e.payload)}<figcaption><strong>${escapeHtml(e.label)}</strong><br><code>${escapeHtml(e.payload)}</code></figcaption></figure>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 12mm; }
h1 { font-size: 16pt; }
.sheet { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8mm 6mm; }
.code { margin: 0; break-inside: avoid; text-align: center; }
.code svg { width: 100%; max-width: 60mm; height: auto; }
figcaption { font-size: 10pt; }
@media print { body { margin: 8mm; } }
</style></head>
<body><h1>${title}</h1><section class="sheet">
${cells}
</section></body></html>`;
}
