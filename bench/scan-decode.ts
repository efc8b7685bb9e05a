import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createScannerService } from '../main/scanner/service.js';
import { benchClassify } from './classify.js';
import type { DeviceLayer, HidDeviceInfo, HidHandle, Timers } from '../main/scanner/types.js';
import { keyboardReports, posReports } from '../test/unit/main/scanner/reports.js';
import { percentile } from './stats.js';

const SCANS = 6000;

const POS: HidDeviceInfo = { vendorId: 0x0c2e, productId: 0x0b87, path: 'bench-pos', usagePage: 0x8c, usage: 2 };
const KBD: HidDeviceInfo = { vendorId: 0x05e0, productId: 0x1200, path: 'bench-kbd', usagePage: 1, usage: 6 };

/**
 * Decode cost in main: recorded reports pushed through the real scanner service (device
 * session, decoder, dedupe, emitter) on an in-memory device layer. A third of the reads are
 * HID POS single reports, a third 150-byte GS1 reads split over three reports, a third
 * keyboard-mode reads with key rollover. p99DecodeMs is from a read's first report to its
 * `scan` event.
 */
export async function benchScanDecode(): Promise<{
  reportsPerSec: number;
  p99DecodeMs: number;
  classifyP99Ms: number;
  classifyPerSec: number;
}> {
  const sinks = new Map<string, (r: Uint8Array) => void>();
  const layer: DeviceLayer = {
    devices: () => [POS, KBD],
    open: (d): HidHandle => ({
      onData: (fn) => sinks.set(d.path!, fn),
      onError: () => {},
      close: () => {},
    }),
  };
  const noTimers: Timers = {
    setInterval: () => 0,
    clearInterval: () => {},
    setTimeout: () => 0,
    clearTimeout: () => {},
    setImmediate: () => {},
  };
  const service = createScannerService({
    layer,
    clock: { now: () => performance.now() },
    timers: noTimers,
    platform: process.platform,
    settings: { keyboardScanners: [{ vendorId: KBD.vendorId, productId: KBD.productId }] },
  });
  let received = 0;
  service.on('scan', () => received++);
  service.start();

  const reads: Array<{ path: string; reports: Uint8Array[] }> = [];
  for (let i = 0; i < SCANS; i++) {
    const id = String(i).padStart(8, '0');
    if (i % 3 === 0) reads.push({ path: 'bench-pos', reports: posReports(`TB${id}`, ']C0') });
    else if (i % 3 === 1)
      reads.push({
        path: 'bench-pos',
        reports: posReports(`0109506000134352\x1d10LOT${id}\x1d21${'S'.repeat(110)}${id}`, ']d2'),
      });
    else reads.push({ path: 'bench-kbd', reports: keyboardReports(`PLT${id}`, 'us', 'rollover') });
  }
  const totalReports = reads.reduce((n, r) => n + r.reports.length, 0);

  const latencies: number[] = [];
  const started = performance.now();
  for (const read of reads) {
    const sink = sinks.get(read.path)!;
    const t0 = performance.now();
    for (const r of read.reports) sink(r);
    latencies.push(performance.now() - t0);
  }
  const elapsed = performance.now() - started;
  service.stop();
  if (received !== SCANS) throw new Error(`decoded ${received} of ${SCANS} reads`);
  const reportsPerSec = Math.round(totalReports / (elapsed / 1000));
  const p99DecodeMs = Number(percentile(latencies, 99).toFixed(4));
  // The renderer classifies each decoded read next: same group, so one run reports the whole scan path.
  return { reportsPerSec, p99DecodeMs, ...benchClassify() };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchScanDecode().then(
    (r) =>
      console.log(
        `scan decode: ${r.reportsPerSec} reports/s, p99 ${r.p99DecodeMs} ms per read; ` +
          `classify: ${r.classifyPerSec} scans/s, p99 ${r.classifyP99Ms} ms per scan`,
      ),
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
