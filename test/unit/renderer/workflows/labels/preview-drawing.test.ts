import { describe, expect, it, vi } from 'vitest';
import { PREVIEW_DRAWN, PreviewDrawing } from '../../../../../renderer/workflows/labels/label-preview.svelte.js';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { defaultTemplates, MAX_LABELS_PER_JOB, type LabelTemplate } from '../../../../../shared/labels/index.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * The Labels screen's preview asks main to draw it (the page holds no barcode encoder), on the real main
 * in-process: typing a template's line must not queue a drawing a key, and what is shown is always the
 * newest change's.
 */
const openBenches = benchesPerTest();
const template = defaultTemplates().find((t) => t.id === 'cryotube-datamatrix')!;
const records = Array.from({ length: 200 }, (_, i) => ({ id: `TB${String(i + 1).padStart(6, '0')}`, name: `S-${i}` }));

/** The page's api, with the preview questions it sends counted. */
function counted(api: BenchlinkApi): { api: BenchlinkApi; asked: Array<{ records: number; line: string }> } {
  const asked: Array<{ records: number; line: string }> = [];
  return {
    asked,
    api: {
      ...api,
      invoke: ((channel, payload) => {
        if (channel === 'labels.preview') {
          const job = payload as { records: unknown[]; template: LabelTemplate };
          asked.push({ records: job.records.length, line: job.template.lines[0]! });
        }
        return api.invoke(channel, payload);
      }) as BenchlinkApi['invoke'],
    },
  };
}

describe('Labels › the preview main draws', () => {
  it('asks main once for a burst of changes after the one it is drawing, and shows the newest', async () => {
    const b = await openBenches('spec');
    const { api, asked } = counted(b.env.api);
    const drawing = new PreviewDrawing(api);
    // A line typed a key at a time: "{name}" → "{name} A" … each a change of the template.
    const typed = ['', ' A', ' A1', ' A12', ' A12 ', ' A12 x'].map((tail) => ({
      ...template,
      lines: [`{name}${tail}`, ...template.lines.slice(1)],
    }));
    for (const t of typed) drawing.ask({ template: t, records, dpi: 300 });
    expect(drawing.drawing).toBe(true);
    await vi.waitFor(() => expect(drawing.drawing).toBe(false));

    expect(asked.map((a) => a.line)).toEqual(['{name}', '{name} A12 x']);
    expect(drawing.problem).toBeNull();
    const shown = drawing.shown!;
    expect(shown.ok).toBe(true);
    if (!shown.ok) return;
    expect(shown.labels).toHaveLength(PREVIEW_DRAWN);
    expect(shown.labels[0]!.lines[0]).toBe('S-0 A12 x');
    expect(shown.labels[0]!.svg).toMatch(/^<svg [^]*<path/);
  });

  it('asks for a job of at most the labels any output takes, and says why when main cannot draw it', async () => {
    const b = await openBenches('spec');
    const { api, asked } = counted(b.env.api);
    const drawing = new PreviewDrawing(api);
    const rack = Array.from({ length: 1248 }, (_, i) => ({ id: `TB${String(i + 1).padStart(6, '0')}` }));
    drawing.ask({ template, records: rack, dpi: 300 });
    await vi.waitFor(() => expect(drawing.drawing).toBe(false));
    expect(asked).toEqual([{ records: MAX_LABELS_PER_JOB, line: template.lines[0] }]);
    expect(drawing.shown?.ok).toBe(true);

    // A template main refuses (no label is 0 mm wide): the reason, in place of a preview.
    drawing.ask({ template: { ...template, widthMm: 0 }, records, dpi: 300 });
    await vi.waitFor(() => expect(drawing.drawing).toBe(false));
    expect(drawing.problem).toMatch(/^The preview could not be drawn: /);

    // The next good change draws again.
    drawing.ask({ template, records, dpi: 600 });
    await vi.waitFor(() => expect(drawing.drawing).toBe(false));
    expect(drawing.problem).toBeNull();
    expect(drawing.shown?.ok && drawing.shown.labels).toHaveLength(PREVIEW_DRAWN);
  });
});
