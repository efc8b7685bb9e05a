/**
 * Renderer figures through the real browser-host path: bundle size, start → interactive plate map,
 * scan → screen (a decoded read injected in main's scanner path, over the WebSocket IPC, committed
 * to the outbox, drawn in the well-fill screen), and frame time while a 384-well plate is scanned
 * at 10 reads per second. Runnable directly: `npx tsx bench/renderer.ts`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openBenchPlate, paced, startBenchApp, testId, watchEmits } from './bench-app.js';
import { openQuietPage } from './quiet-page.js';
import { percentile, round } from './stats.js';

const root = process.cwd();

/**
 * In the page: when a well of the plate map takes a sample, record (sample, time of the next
 * animation frame after that DOM update, time of the DOM update); and the interval between every
 * pair of animation frames while the plate is scanned. Main's emit time of each read is taken in
 * main (watchEmits), so the page carries nothing extra. A string, because tsx would wrap named
 * functions in a helper the page does not have.
 */
const PROBE = `(() => {
  window.__lat = []; window.__frames = []; window.__run = false;
  const map = document.querySelector('[data-testid="plate-map"]');
  new MutationObserver((records) => {
    const dom = performance.timeOrigin + performance.now();
    const filled = records.map((r) => r.target.getAttribute('data-sample')).filter((s) => s);
    if (filled.length) requestAnimationFrame(() => { const frame = performance.timeOrigin + performance.now(); for (const s of filled) window.__lat.push([s, frame, dom]); });
  }).observe(map, { subtree: true, attributes: true, attributeFilter: ['data-sample'] });
  let last = performance.now();
  const tick = (t) => { window.__frames.push(t - last); last = t; if (window.__run) requestAnimationFrame(tick); };
  window.__fieldAt = {};
  window.__fieldScan = (text) => {
    const field = document.querySelector('[data-testid="scan-field"]');
    field.value = text;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    window.__fieldAt[text] = performance.timeOrigin + performance.now();
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  };
  window.__startFrames = () => { window.__run = true; last = performance.now(); requestAnimationFrame(tick); };
})()`;

/** Gzipped KB of the given chunks of dist/assets. */
function gzipKb(assets: string, files: Iterable<string>): number {
  let bytes = 0;
  for (const f of files) bytes += gzipSync(readFileSync(join(assets, f))).length;
  return round(bytes / 1024, 1);
}

/**
 * The chunks a first load runs before anything is drawn: index.html's module script, its
 * modulepreloads, and every chunk those import statically. Screens behind a dynamic import()
 * (renderer/app/screens.ts) are not in it.
 */
function initialChunks(dist: string): Set<string> {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const todo = [...html.matchAll(/(?:src|href)="\.\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    const code = readFileSync(join(dist, 'assets', f), 'utf8');
    // Static imports only: `from"./x.js"` and `import"./x.js"`; `import("./x.js")` is lazy.
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) todo.push(m[1]!);
  }
  return seen;
}

function buildAndMeasureBundle(): { totalKb: number; initialKb: number } {
  const r = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('renderer build failed');
  const dist = join(root, 'dist');
  const assets = join(dist, 'assets');
  return {
    totalKb: gzipKb(
      assets,
      readdirSync(assets).filter((f) => f.endsWith('.js')),
    ),
    initialKb: gzipKb(assets, initialChunks(dist)),
  };
}

export interface RendererFigures {
  /** Every chunk, lazy screens included. */
  bundleGzipKb: number;
  /** What start → interactive loads (index.html's chunks and their static imports). */
  initialJsGzipKb: number;
  startToInteractiveMs: number;
  /** Main's emit of a decoded read → the animation frame after its well changed in the DOM (4 reads/s). */
  scanToScreenP50Ms: number;
  scanToScreenP99Ms: number;
  /** The same reads, main's emit → the DOM update itself: the part before waiting for the next frame. */
  scanToDomP50Ms: number;
  scanToDomP99Ms: number;
  /**
   * A keyboard scanner's read (the scan field's Enter, in the page) → the DOM update, at 4 reads/s:
   * two trips (the enqueue and its answer) where a HID read makes three.
   */
  fieldScanToDomP50Ms: number;
  fieldScanToDomP99Ms: number;
  /** Main's emit → frame at 10 reads/s: grows if reads queue behind each other. */
  scanToScreen10HzP99Ms: number;
  frameP99Ms384At10Hz: number;
}

export async function benchRenderer(): Promise<RendererFigures> {
  const { totalKb: bundleGzipKb, initialKb: initialJsGzipKb } = buildAndMeasureBundle();
  const { app, inject, host, close } = await startBenchApp('bench');
  // Main's own timestamp of each read, as the scanner path emits it (the clock the page shares).
  const mainAt = new Map<string, number>();
  const offSink = watchEmits(app, (event, payload) => {
    if (event === 'scanner.scan') {
      // Main's high-resolution clock, as the page's (performance.timeOrigin + now): Date.now() is whole ms.
      mainAt.set((payload as { text: string }).text, performance.timeOrigin + performance.now());
    }
  });
  /** Page records [sample, frame, dom] → latencies from the read's start, for tubes TB00n = sample S-n. */
  const latencies = (records: [string, number, number][], startOf: ReadonlyMap<string, number> = mainAt) => {
    const frame: number[] = [];
    const dom: number[] = [];
    for (const [sample, f, d] of records) {
      const at = startOf.get(`TB00${sample.replace(/^S-/, '')}`);
      if (at === undefined) continue;
      frame.push(f - at);
      dom.push(d - at);
    }
    return { frame, dom };
  };
  const page = await openQuietPage(host.url, {
    width: 1600,
    height: 1000,
  });
  const sampleShown = (sample: string) => `document.querySelector('[data-sample="${sample}"]')`;
  const records = () => page.evaluate<[string, number, number][]>('window.__lat.splice(0)');
  try {
    // Start → interactive plate map: page load, then the first plate scan drawn and ready for tubes.
    const t0 = Date.now();
    // Interactive means connected, with the plate drawn and its first well chosen.
    await openBenchPlate(page, inject);
    const startToInteractiveMs = Date.now() - t0;

    await page.evaluate(PROBE);
    // A person puts the plate down and picks up the first tube: not a read 100 ms after the plate.
    await new Promise((r) => setTimeout(r, 1000));
    // Scan-to-screen at bench pace (4 reads/s: each read is drawn before the next arrives, as when a
    // user scans), 160 HID reads so that p99 is not just the one worst read, then 80 keyboard reads
    // in the scan field; then the rest of the plate at 10 reads/s for the frame-time figure (reads
    // may queue behind each other).
    await paced(1001, 1160, 250, inject);
    await page.waitFor(sampleShown('S-1160'));
    const slow = latencies(await records());
    await paced(1161, 1240, 250, (tube) => page.evaluate(`window.__fieldScan(${JSON.stringify(tube)})`));
    await page.waitFor(sampleShown('S-1240'));
    const fieldAt = new Map(Object.entries(await page.evaluate<Record<string, number>>('window.__fieldAt')));
    const field = latencies(await records(), fieldAt);
    // Frame times only from here: a frame loop running all along would be work the app never does.
    await page.evaluate('window.__startFrames()');
    await paced(1241, 1384, 100, inject);
    await page.waitFor(`${testId('well-P24')}?.getAttribute('data-sample') === 'S-1384'`, 120_000);
    const frames = await page.evaluate<number[]>(
      '(() => { window.__run = false; return window.__frames.slice(1); })()',
    );
    const fast = latencies(await records());
    if (slow.frame.length < 150) throw new Error(`only ${slow.frame.length} of 160 paced scans were seen on screen`);
    if (field.dom.length < 75) throw new Error(`only ${field.dom.length} of 80 scan-field reads were seen on screen`);
    return {
      bundleGzipKb,
      initialJsGzipKb,
      startToInteractiveMs,
      scanToScreenP50Ms: round(percentile(slow.frame, 50), 1),
      scanToScreenP99Ms: round(percentile(slow.frame, 99), 1),
      scanToDomP50Ms: round(percentile(slow.dom, 50), 1),
      scanToDomP99Ms: round(percentile(slow.dom, 99), 1),
      fieldScanToDomP50Ms: round(percentile(field.dom, 50), 1),
      fieldScanToDomP99Ms: round(percentile(field.dom, 99), 1),
      scanToScreen10HzP99Ms: round(percentile(fast.frame, 99), 1),
      frameP99Ms384At10Hz: round(percentile(frames, 99), 1),
    };
  } finally {
    offSink();
    await page.close();
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchRenderer();
  // Shared machines skew every timing figure: say how loaded this one was.
  const { loadavg, cpus } = await import('node:os');
  console.log(JSON.stringify({ ...figures, loadAverage1m: loadavg()[0], cpus: cpus().length }, null, 2));
  process.exit(0);
}
