/**
 * What the Labels preview costs main, which draws it (the page holds no barcode encoder): a 96-well plate's
 * labels (cryotube DataMatrix, 48 drawn) the first time, then again after an edit to a template's line (the
 * symbols are kept, the labels laid out again), and a job of 1,000 labels, the most one takes (every label
 * checked and laid out, 48 drawn). Median of RUNS, in ms, in main's own function: the IPC trip is the
 * renderer bench's. Runnable directly: `npx tsx bench/label-preview.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { keptSymbols, previewLabels } from '../main/labels/index.js';
import { defaultTemplates, MAX_LABELS_PER_JOB, type LabelTemplate } from '../shared/labels/index.js';
import { percentile, round } from './stats.js';

const RUNS = 9;
const DRAWN = 48;
const template = defaultTemplates().find((t) => t.id === 'cryotube-datamatrix')!;
const records = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `TB${String(i + 1).padStart(6, '0')}`, name: `S-${i + 1}` }));

async function medianMs(run: (i: number) => Promise<unknown>): Promise<number> {
  await run(-1);
  const took: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run(i);
    took.push(performance.now() - t0);
  }
  return round(percentile(took, 50), 1);
}

const edited = (i: number): LabelTemplate => ({ ...template, lines: [`{name} ${i}`, ...template.lines.slice(1)] });

export async function benchLabelPreview(): Promise<{ plateColdMs: number; plateEditMs: number; job1000Ms: number }> {
  const plate = records(96);
  const kept = keptSymbols();
  return {
    // A fresh set of kept symbols each run: nothing drawn before.
    plateColdMs: await medianMs(() =>
      previewLabels({ template, records: plate, dpi: 300, drawn: DRAWN }, keptSymbols()),
    ),
    plateEditMs: await medianMs((i) =>
      previewLabels({ template: edited(i), records: plate, dpi: 300, drawn: DRAWN }, kept),
    ),
    job1000Ms: await medianMs((i) =>
      previewLabels({ template: edited(i), records: records(MAX_LABELS_PER_JOB), dpi: 300, drawn: DRAWN }, kept),
    ),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(await benchLabelPreview());
