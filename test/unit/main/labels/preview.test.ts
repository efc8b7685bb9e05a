import { describe, expect, it } from 'vitest';
import { keptSymbols, measureWithBwip, previewLabels } from '../../../../main/labels/index.js';
import {
  defaultTemplates,
  LabelError,
  drawnPreview,
  prepareLabels,
  previewJob,
  type BwipRequest,
  type LabelTemplate,
} from '../../../../shared/labels/index.js';

/**
 * The Labels screen's preview is drawn in main (the page holds no barcode encoder): the same prepared
 * labels the PDF and the ZPL print, each symbol as bwip-js's SVG.
 */
const records = [
  { id: 'TB-000123', name: 'Müller', date: '2026-11-23' },
  { id: 'TB1234', name: 'x' },
];
const viewBox = (svg: string): [number, number] => {
  const [, , w, h] = /viewBox="([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg)!.slice(1).map(Number);
  return [w!, h!];
};
const template = (id: string): LabelTemplate => defaultTemplates().find((t) => t.id === id)!;

describe('the preview main draws', () => {
  for (const t of defaultTemplates()) {
    it(`${t.id}: lays each label out as the outputs at that dpi do, its SVG in the placed proportions`, async () => {
      for (const dpi of [300, 600] as const) {
        const preview = await previewLabels({ template: t, records, dpi, drawn: 48 }, keptSymbols());
        const printed = prepareLabels(t, records, { measure: measureWithBwip, dpi });
        if (!preview.ok) throw new Error(preview.issues.join('; '));
        expect(drawnPreview.parse(preview)).toEqual(preview);
        expect([preview.widthMm, preview.heightMm]).toEqual([t.widthMm, t.heightMm]);
        expect(preview.notes).toEqual(printed.notes);
        expect(preview.labels).toHaveLength(printed.labels.length);
        for (const [i, label] of preview.labels.entries()) {
          const p = printed.labels[i]!;
          const { x, y, w, h } = p.placement;
          expect(label).toMatchObject({ barcodeValue: p.barcodeValue, symbol: { x, y, w, h }, lines: p.lines });
          expect(label.lineSizesPt).toEqual(p.lineSizesPt);
          expect(label.text).toMatchObject({ x: p.layout.text.x, y: p.layout.text.y, w: p.layout.text.w });
          const [vw, vh] = viewBox(label.svg);
          if (label.linear)
            expect(vw).toBe(p.symbol.widthModules); // one SVG unit per module; bars stretch
          else expect(vw / vh).toBeCloseTo(w / h, 6);
        }
      }
    });
  }

  it('draws the first `drawn` labels of a job and lists every refused one, as the outputs refuse them', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ id: `TB${String(i).padStart(6, '0')}` }));
    const drawn = await previewLabels(
      { template: template('cryotube-code128'), records: many, dpi: 300, drawn: 5 },
      keptSymbols(),
    );
    expect(drawn.ok && drawn.labels.map((l) => l.barcodeValue)).toEqual(many.slice(0, 5).map((r) => r.id));

    // A row without an ID and a value Code 128 cannot hold: each named, where the outputs refuse the job.
    const job = previewJob.parse({
      template: template('cryotube-code128'),
      records: [{ id: 'TB1' }, { id: '' }, { id: 'Tübe' }],
      dpi: 300,
      drawn: 48,
    });
    const refused = await previewLabels(job, keptSymbols());
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.issues).toEqual([
      expect.stringMatching(/^Label 2 \(ID ""\): id: /),
      expect.stringMatching(/^Label 3 \(ID "Tübe"\): Code 128 can only hold/),
    ]);

    // Modules too narrow for a 203 dpi Zebra: the ZPL's own refusal, word for word.
    const t = template('cryotube-code128');
    const at203 = await previewLabels({ template: t, records, dpi: 203, drawn: 48 }, keptSymbols());
    const zplRefusal = (() => {
      try {
        return prepareLabels(t, records, { measure: measureWithBwip, dpi: 203 });
      } catch (error) {
        return error;
      }
    })();
    expect(zplRefusal).toBeInstanceOf(LabelError);
    expect(at203).toEqual({ ok: false, issues: (zplRefusal as LabelError).issues });
  });

  it('encodes a symbol it measured or drew lately not again, the least recently used going first', () => {
    const encoded: string[] = [];
    const symbols = keptSymbols({
      measure: (r) => {
        encoded.push(`measure ${r.text}`);
        return { widthModules: r.text.length, heightModules: null };
      },
      draw: (r) => {
        encoded.push(`draw ${r.text}`);
        return `<svg viewBox="0 0 1 1">${r.text}</svg>`;
      },
    });
    const ask = (text: string): BwipRequest => ({ bcid: 'code128', text });
    const times = (what: string) => encoded.filter((e) => e === what).length;
    symbols.draw(ask('A'));
    for (let i = 0; i < 199; i++) symbols.draw(ask(`N${i}`));
    symbols.draw(ask('A')); // kept, and now the most recent
    symbols.draw(ask('B')); // the 201st: N0, the least recently used, goes
    symbols.draw(ask('A'));
    symbols.draw(ask('N0'));
    expect([times('draw A'), times('draw N0')]).toEqual([1, 2]);

    // A whole job's sizes are kept: laid out again after an edit, none of its symbols is encoded again.
    for (let round = 0; round < 2; round++) for (let i = 0; i < 1000; i++) symbols.measure(ask(`T${i}`));
    expect(encoded.filter((e) => e.startsWith('measure'))).toHaveLength(1000);
    expect(symbols.measure(ask('T7'))).toEqual({ widthModules: 2, heightModules: null });
  });

  it('takes only a plain SVG drawing into the answer the page puts in its DOM', () => {
    const answer = (svg: string) =>
      drawnPreview.safeParse({
        ok: true,
        widthMm: 10,
        heightMm: 10,
        notes: [],
        labels: [
          {
            index: 0,
            barcodeValue: 'A',
            symbol: { x: 0, y: 0, w: 1, h: 1 },
            linear: false,
            svg,
            text: { x: 0, y: 0, w: 1, lineHeightMm: 1 },
            lines: [],
            lineSizesPt: [],
          },
        ],
      }).success;
    expect(answer('<svg viewBox="0 0 1 1">\n<path d="M0 0L1 1Z" />\n</svg>\n')).toBe(true);
    expect(answer('<svg viewBox="0 0 1 1"><script>alert(1)</script></svg>')).toBe(false);
    expect(answer('<svg viewBox="0 0 1 1" onload="alert(1)"><path d="M0 0"/></svg>')).toBe(false);
    expect(answer('<svg viewBox="0 0 1 1"><foreignObject><img src=x></foreignObject></svg>')).toBe(false);
    expect(answer('<img src=x onerror=alert(1)>')).toBe(false);
  });
});
