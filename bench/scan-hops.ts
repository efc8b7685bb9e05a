/**
 * Probe: where a slow HID scan's time goes, hop by hop. Same app, host, page and pace as the renderer
 * bench's paced HID reads (4/s), with timestamps on both sides of every message: main's emit, the
 * page's receive (JSON.parse of the frame) and send, main's receive and answer of each IPC call, main's
 * garbage collections, the flash overlay coming and going, and the DOM update. Prints p50/p99, the
 * machine's CPU use during the reads, then the median and the slowest scans with every stamp in their
 * window. Not a figure: the stamps add a little work on both sides.
 *
 *   npx tsx bench/scan-hops.ts                    READS=160 reads, SHOW=6 slowest
 *   OUT=hops.json npx tsx bench/scan-hops.ts      also writes every stamp, the scans, main's pid and
 *                                                 monoOffsetMs (epoch ms − CLOCK_MONOTONIC ms), to line
 *                                                 them up with `perf sched record -k CLOCK_MONOTONIC`
 *   AUDIO=off                                     the page's tones off and its audio context suspended
 *   node --import tsx --trace-opt bench/scan-hops.ts   V8's work in main between "--- reads" markers
 *
 * What it showed (2026-11-25, README "Performance"): on a quiet machine the slow reads' extra time is a
 * runnable thread (the page's or main's) queued for 1–4 ms behind a short CPU-bound thread on the other
 * core, mostly V8's background compile/GC threads in main's process.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { WebSocket as WsSocket } from 'ws';
import { openBenchPlate, paced, startBenchApp, watchEmits } from './bench-app.js';
import { openQuietPage } from './quiet-page.js';
import { percentile, round } from './stats.js';

const now = () => performance.timeOrigin + performance.now();

const PAGE_PROBE = `(() => {
  window.__lat = []; window.__stamps = [];
  const t = () => performance.timeOrigin + performance.now();
  const parse = JSON.parse;
  JSON.parse = function (text, ...rest) {
    const v = parse.call(this, text, ...rest);
    if (typeof text === 'string' && text.length < 20000 && v && typeof v === 'object') {
      if (v.event) window.__stamps.push([t(), 'page.recv ' + v.event + (v.event === 'scanner.scan' ? ' ' + v.payload.text : '')]);
      else if (v.id !== undefined) window.__stamps.push([t(), 'page.recv answer ' + v.id]);
    }
    return v;
  };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (d) {
    if (typeof d === 'string') { try { const m = parse(d); window.__stamps.push([t(), 'page.send ' + m.id + ' ' + m.channel]); } catch {} }
    return send.call(this, d);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) if (n.dataset?.testid === 'flash') window.__stamps.push([t(), 'page.flash on']);
      for (const n of r.removedNodes) if (n.dataset?.testid === 'flash') window.__stamps.push([t(), 'page.flash off']);
    }
  }).observe(document.body, { subtree: true, childList: true });
  const map = document.querySelector('[data-testid="plate-map"]');
  new MutationObserver((records) => {
    const dom = t();
    const filled = records.map((r) => r.target.getAttribute('data-sample')).filter((s) => s);
    for (const s of filled) { window.__lat.push([s, dom]); window.__stamps.push([dom, 'page.dom ' + s]); }
  }).observe(map, { subtree: true, attributes: true, attributeFilter: ['data-sample'] });
})()`;

const { app, host, inject, close } = await startBenchApp('hops');
const stamps: [number, string][] = [];
const handle = app.router.handle.bind(app.router);
app.router.handle = async (message, ctx, bytes) => {
  const channel = (message as { channel?: unknown }).channel;
  stamps.push([now(), `main.in ${String(channel)}`]);
  const r = await handle(message, ctx, bytes);
  stamps.push([now(), `main.done ${String(channel)}`]);
  return r;
};
const wsSend = WsSocket.prototype.send;
WsSocket.prototype.send = function (this: WsSocket, data: unknown, ...rest: unknown[]) {
  if (typeof data === 'string') {
    const head = data.slice(0, 60);
    stamps.push([now(), `main.send ${head}`]);
  }
  return (wsSend as (...a: unknown[]) => void).call(this, data, ...rest);
} as typeof wsSend;
// Main's garbage collections, as stamps: kind 1 = scavenge (minor), 2 = mark-sweep (major), 4 = incremental marking.
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind;
    stamps.push([performance.timeOrigin + e.startTime, `main.gc kind ${String(kind)} ${e.duration.toFixed(2)} ms`]);
  }
}).observe({ entryTypes: ['gc'] });
const mainAt = new Map<string, number>();
watchEmits(app, (event, payload) => {
  if (event === 'scanner.scan') {
    const text = (payload as { text: string }).text;
    mainAt.set(text, now());
    stamps.push([now(), `main.emit ${text}`]);
  } else stamps.push([now(), `main.event ${event}`]);
});
const page = await openQuietPage(host.url, { width: 1600, height: 1000 });
try {
  await openBenchPlate(page, inject);
  await page.evaluate(PAGE_PROBE);
  if (process.env['AUDIO'] === 'off')
    await page.evaluate(`(() => {
      const P = AudioContext.prototype;
      P.resume = function () { return Promise.resolve(); };
      P.createOscillator = function () { this.suspend(); throw new Error('tones off'); };
    })()`);
  if (process.env['AUDIO'] === 'off') await inject('TB000000'); // an unknown tube: its tone suspends the context
  await new Promise((r) => setTimeout(r, 1000));
  const cpu = () => {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
    return { idle: f[3]! + f[4]!, all: f.reduce((a, b) => a + b, 0) };
  };
  const cpuBefore = cpu();
  // A marker for node's --trace-opt / --trace-gc output: what V8 did during the reads is between the two.
  console.log('--- reads start');
  const count = Number(process.env['READS'] ?? 160);
  await paced(1001, 1000 + count, 250, inject);
  await page.waitFor(`document.querySelector('[data-sample="S-${1000 + count}"]')`);
  const cpuAfter = cpu();
  console.log('--- reads end');
  const busyCores = (1 - (cpuAfter.idle - cpuBefore.idle) / (cpuAfter.all - cpuBefore.all)) * 2;
  console.log(`machine busy during the reads: ${busyCores.toFixed(2)} of 2 cores`);
  const lat = await page.evaluate<[string, number][]>('window.__lat');
  const pageStamps = await page.evaluate<[number, string][]>('window.__stamps');
  const all = [...stamps, ...pageStamps].sort((a, b) => a[0] - b[0]);
  const scans = lat
    .map(([s, dom]) => {
      const tube = `TB00${s.replace(/^S-/, '')}`;
      return { tube, start: mainAt.get(tube)!, dom };
    })
    .filter((x) => x.start !== undefined);
  const ms = scans.map((x) => x.dom - x.start);
  console.log(JSON.stringify({ n: ms.length, p50: round(percentile(ms, 50), 2), p99: round(percentile(ms, 99), 2) }));
  const worst = [...scans]
    .sort((a, b) => b.dom - b.start - (a.dom - a.start))
    .slice(0, Number(process.env['SHOW'] ?? 6));
  const median = [...scans].sort((a, b) => a.dom - a.start - (b.dom - b.start))[Math.floor(scans.length / 2)]!;
  for (const w of [median, ...worst]) {
    console.log(`\n${w.tube}: ${round(w.dom - w.start, 2)} ms`);
    for (const [t, what] of all)
      if (t >= w.start - 0.5 && t <= w.dom + 3) console.log(`  +${(t - w.start).toFixed(2).padStart(6)}  ${what}`);
  }
  // Epoch ms minus CLOCK_MONOTONIC ms, to line the stamps up with a kernel trace (perf -k CLOCK_MONOTONIC).
  const monoOffsetMs = now() - Number(process.hrtime.bigint()) / 1e6;
  if (process.env['OUT'])
    writeFileSync(process.env['OUT'], JSON.stringify({ scans, all, monoOffsetMs, pid: process.pid }));
} finally {
  await page.close();
  await close();
}
process.exit(0);
