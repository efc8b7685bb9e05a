import { afterEach, describe, expect, it } from 'vitest';
import { shapeFromExample } from '../../../../../shared/barcode/shape-from-example.js';
import type { PatternRule } from '../../../../../shared/barcode/patterns.js';
import { ShellState } from '../../../../../renderer/lib/shell-state.svelte.js';
import { useLabShapes } from '../../../../../renderer/lib/scan-input/scan-kind.js';
import { answerGuard } from '../../../../../renderer/workflows/well-fill/well-fill-scans.js';
import { sandboxBehindProxy } from '../../../../helpers/sandbox-behind-proxy.js';
import { fixtureFileForSuite, tubeLab } from '../../../../helpers/tube-lab.js';
import { wellFillOnMain } from '../../../../helpers/well-fill-on-main.js';

/**
 * A lab whose plates carry P000123-style barcodes, no built-in shape (PLT…): Well fill on the real main
 * in-process and its embedded sandbox, reached through a fault proxy. Before the lab could give its own
 * shapes, the next plate's barcode scanned mid-fill was a code nobody knew: looked up as a tube, asked
 * "not in the labsheet, use anyway?", and offline queued into the next well as a sample. With the shape
 * saved in Settings it is a plate: the wrong-plate question, nothing queued, and a yes opens it.
 */
const LAYOUT = { rows: 8, columns: 12 };
const lab = fixtureFileForSuite(
  tubeLab({
    token: 'lab-shape-token',
    tubes: 10,
    barcode: (n) => `TB${String(n).padStart(6, '0')}`,
    manifests: [
      { name: 'Plate 123', hrid: 'PL-0123', barcode: 'P000123', template: '96 Well Plate', layout: LAYOUT },
      { name: 'Plate 124', hrid: 'PL-0124', barcode: 'P000124', template: '96 Well Plate', layout: LAYOUT },
    ],
  }),
);

const PLATE_SHAPE: PatternRule = {
  kind: 'plate',
  pattern: shapeFromExample('P000123')!.pattern,
  flags: 'i',
  example: 'P000123',
  label: 'your plate shape P then 6 digits',
};
const inTurn = <T>(edit: () => Promise<T>) => edit();

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
  // This worker's other files share the page's modules: they classify with the built-in shapes.
  useLabShapes([]);
});

/** The bench on that lab, its shell started as the app's is, with the plate shape saved through it. */
async function bench() {
  const behind = sandboxBehindProxy();
  const w = await wellFillOnMain(undefined, { sandboxFixture: lab(), startSandbox: behind.startSandbox });
  const shell = new ShellState(w.env.api);
  close = async () => {
    shell.stop();
    await w.close();
  };
  await w.env.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
  await shell.start();
  const saved = await shell.saveSettings({ barcodeShapes: { add: PLATE_SHAPE } });
  expect(saved.ok).toBe(true);
  return {
    ...w,
    offline: behind.offline,
  };
}

describe("Well fill: the next plate's barcode, of the lab's own shape, scanned mid-fill", () => {
  it('online, after a tube: asked to switch plates, not "not in the labsheet, use anyway?"', async () => {
    const b = await bench();
    await b.scan('P000123');
    expect(b.s.plate?.hrid).toBe('PL-0123');
    await b.scan('TB000001');
    expect(b.said()).toMatch(/^S-0001 → A1/);
    const before = await b.queued();

    await b.scan('P000124');
    // On the old code: "P000124 is not in the labsheet as read 0 s ago. Use it anyway?"
    expect(b.s.guard?.kind).toBe('wrong-plate');
    expect(b.said()).toBe('P000124 is not the plate you are filling (PL-0123). Switch plates?');
    expect(await b.queued()).toBe(before);
  });

  it('offline, before the labsheet was read: asked to switch plates, nothing queued into a well', async () => {
    const b = await bench();
    await b.scan('P000123');
    b.offline();
    const before = await b.queued();

    await b.scan('P000124');
    // On the old code: "P000124 → A1 · next A2", queued as a sample nobody has.
    expect(b.s.guard?.kind).toBe('wrong-plate');
    expect(b.s.wells['A1']?.sample ?? null).toBeNull();
    expect(await b.queued()).toBe(before);
  });

  it('a yes to "Switch plates?" opens it', async () => {
    const b = await bench();
    await b.scan('P000123');
    await b.scan('P000124');
    await answerGuard(b.s, inTurn);
    expect(b.s.plate?.hrid).toBe('PL-0124');
    expect(b.said()).toBe('PL-0124 · Plate 124 — next well A1');
  });

  it('with the shape removed in Settings, every screen reads such a code as unknown again', async () => {
    const b = await bench();
    const shell = new ShellState(b.env.api);
    await shell.start();
    await shell.saveSettings({ barcodeShapes: { remove: { kind: 'plate', pattern: PLATE_SHAPE.pattern } } });
    shell.stop();
    await b.scan('P000123');
    await b.scan('P000124');
    expect(b.s.guard?.kind).toBe('unknown-sample');
  });
});
