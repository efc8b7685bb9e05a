/**
 * Renderer figures through the real browser-host path: bundle size, start → interactive plate map,
 * scan → screen (a decoded read injected in main's scanner path, over the WebSocket IPC, committed
 * to the outbox, drawn in the well-fill screen), and frame time while a 384-well plate is scanned
 * at 10 reads per second. Runnable directly: `npx tsx bench/renderer.ts`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { createApp } from '../main/app.js';
import { startHost } from '../main/host/server.js';
import { demoFixture } from '../main/sandbox/demo-data.js';
import { startSandbox } from '../main/sandbox/server.js';
import type { SandboxFixture } from '../main/sandbox/fixture.js';

const root = process.cwd();
const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * In the page: when the last-scan line changes, record (next paint − main's emit time), and the
 * interval between every pair of animation frames while the plate is scanned. A string, because
 * tsx would wrap named functions in a helper the page does not have.
 */
const PROBE = `(() => {
  window.__lat = []; window.__frames = []; window.__run = true;
  const line = document.querySelector('[data-testid="last-scan"]');
  new MutationObserver(() => {
    const mainAt = Number(line.getAttribute('data-main-at'));
    if (mainAt) requestAnimationFrame(() => window.__lat.push(Date.now() - mainAt));
  }).observe(line, { attributes: true, attributeFilter: ['data-seq'] });
  let last = performance.now();
  const tick = (t) => { window.__frames.push(t - last); last = t; if (window.__run) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()`;

function buildAndMeasureBundle(): number {
  const r = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('renderer build failed');
  const assets = join(root, 'dist', 'assets');
  const bytes = readdirSync(assets).filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f))).length, 0);
  return round(bytes / 1024);
}

/** The demo lab plus enough samples to fill a 384-well plate with known, distinct tubes. */
function benchFixture(): SandboxFixture {
  const f = demoFixture();
  const samples = f.labsheets?.find((l) => l.name === 'Samples');
  for (let n = 1001; n <= 1400; n++) samples?.rows?.push({ 'Sample ID': `S-${n}`, 'Tube Barcode': `TB00${n}`, 'Volume uL': 50, Status: 'received' });
  return f;
}

export async function benchRenderer(): Promise<{ bundleGzipKb: number; startToInteractiveMs: number; scanToScreenP50Ms: number; scanToScreenP99Ms: number; frameP99Ms384At10Hz: number }> {
  const bundleGzipKb = buildAndMeasureBundle();
  const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-bench-'));
  const fixture = benchFixture();
  const app = await createApp({
    dataDir,
    info: { version: 'bench', shell: 'browser-host', platform: process.platform, nativeDialogs: false },
    log: quiet,
    startSandbox: (o) => startSandbox({ ...o, fixture }),
  });
  const host = await startHost({ router: app.router, events: app.events, distDir: join(root, 'dist'), log: quiet, port: 0 });
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const inject = (text: string) => app.router.handle({ channel: 'scanner.test', payload: { text } }, { transport: 'test' });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    // Start → interactive plate map: page load, then the first plate scan drawn and ready for tubes.
    const t0 = Date.now();
    await page.goto(host.url);
    await page.getByTestId('scan-field').waitFor();
    await inject('PLT000002');
    await page.getByTestId('well-P24').waitFor();
    await page.getByTestId('next-well').filter({ hasText: 'A1' }).waitFor();
    const startToInteractiveMs = Date.now() - t0;

    await page.evaluate(PROBE);
    // Scan-to-screen at bench pace (2 reads/s: each read is seen on its own, as a user scans), then
    // the rest of the plate at 10 reads/s for the frame-time figure (reads may queue behind each other).
    const paced = async (from: number, to: number, intervalMs: number) => {
      for (let n = from; n <= to; n++) {
        const due = Date.now() + intervalMs;
        await inject(`TB00${n}`);
        const wait = due - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    };
    await paced(1001, 1060, 500);
    await page.locator('[data-sample="S-1060"]').waitFor({ timeout: 30_000 });
    const lat = (await page.evaluate('window.__lat.slice()')) as number[];
    await page.evaluate('window.__frames = []');
    await paced(1061, 1384, 100);
    await page.getByTestId('well-P24').and(page.locator('[data-sample="S-1384"]')).waitFor({ timeout: 120_000 });
    const frames = (await page.evaluate('(() => { window.__run = false; return window.__frames.slice(1); })()')) as number[];
    if (lat.length < 50) throw new Error(`only ${lat.length} of 60 paced scans were seen on screen`);
    return {
      bundleGzipKb,
      startToInteractiveMs,
      scanToScreenP50Ms: round(percentile(lat, 50)),
      scanToScreenP99Ms: round(percentile(lat, 99)),
      frameP99Ms384At10Hz: round(percentile(frames, 99)),
    };
  } finally {
    await browser.close();
    await host.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchRenderer();
  // Shared machines skew every timing figure: say how loaded this one was.
  const { loadavg, cpus } = await import('node:os');
  console.log(JSON.stringify({ ...figures, loadAverage1m: loadavg()[0], cpus: cpus().length }, null, 2));
  process.exit(0);
}
