import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import LabelPreview from '../../../../../renderer/workflows/labels/LabelPreview.svelte';
import { keptSymbols, labelsToPdf, labelsToZplInTurns, previewLabels } from '../../../../../main/labels/index.js';
import { defaultTemplates, mmToDots, pointsToMm } from '../../../../../shared/labels/index.js';

/**
 * The preview draws each line at the size the label prints it at: shrunk to fit the label's width, or
 * cut off at its edge, with the same notes as the PDF and the ZPL. Before, the preview drew every line
 * at the template's size and said nothing, while the PDF and the ZPL shrank it and said so: what was
 * previewed was not what printed. The preview main draws, rendered as the app renders it (Svelte's
 * server render of the component), the outputs made by main's own code.
 */
const template = defaultTemplates().find((t) => t.id === 'cryotube-datamatrix')!;
const records = [
  { id: 'T1', name: 'HeLa P12 passage' },
  { id: 'T2', name: 'An extremely long sample name nobody can read' },
];

/** The font size (pt) the preview draws the line reading `text` at. */
function previewSize(html: string, text: string): number {
  const m = new RegExp(`font-size: ([\\d.]+)pt;[^"]*">${text}</div>`).exec(html);
  if (!m) throw new Error(`the preview draws no line "${text}"`);
  return Number(m[1]);
}

const notesOf = (html: string): string[] =>
  [...html.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]!.replaceAll('&quot;', '"'));

describe('Labels › the preview of a line too wide for the label', () => {
  it('is drawn at the size the PDF and the ZPL print it, with their notes', async () => {
    const preview = await previewLabels({ template, records, dpi: 300, drawn: 48 }, keptSymbols());
    const { body } = render(LabelPreview, { props: { preview, count: records.length } });
    const pdf = await labelsToPdf(template, records, { layout: { kind: 'per-label' }, printDpi: 300 });
    const zpl = await labelsToZplInTurns(template, records, { dpi: 300 });
    expect(pdf.notes).toHaveLength(2);
    expect(zpl.notes).toEqual(pdf.notes);
    expect(notesOf(body)).toEqual(pdf.notes);

    const shrunk = previewSize(body, 'HeLa P12 passage');
    expect(shrunk).toBeLessThan(template.fontSizePt);
    expect(pdf.notes[0]).toContain(`printed at ${shrunk.toFixed(1)} pt`);
    const dots = Math.max(10, mmToDots(pointsToMm(shrunk), 300));
    expect(zpl.zpl).toContain(`^A0N,${dots},${dots}^FH^FDHeLa P12 passage^FS`);

    // Cut off at the edge: at the 4 pt floor, as printed, in a box as wide as the label's text.
    expect(previewSize(body, 'An extremely long sample name nobody can read')).toBe(4);
    expect(previewSize(body, 'T1')).toBe(template.fontSizePt);
  });
});
