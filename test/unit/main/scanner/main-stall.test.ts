import { performance } from 'node:perf_hooks';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { monotonicClock, nodeTimers } from '../../../../main/scanner/real-deps.js';
import { createScannerService } from '../../../../main/scanner/service.js';
import type { ScannerEvents } from '../../../../main/scanner/types.js';
import { FakeLayer, KEYBOARD_SCANNER, POS_SCANNER } from './fakes.js';
import { harness } from './harness.js';
import { keyboardReports, posReports } from './reports.js';

const KB_SETTINGS = {
  keyboardScanners: [{ vendorId: KEYBOARD_SCANNER.vendorId, productId: KEYBOARD_SCANNER.productId }],
};

/**
 * Main is sometimes busy for longer than a decoder's timer (a big database write, a GC pause)
 * while the scanner keeps sending. Node then runs the expired timer before the reports that
 * arrived meanwhile: judged there, one read is cut in two and both halves recorded.
 */
describe('a read is not cut in two when main stalls mid-read', () => {
  it('keyboard: the idle timer looks again after the reports queued during the stall', () => {
    const h = harness(KB_SETTINGS);
    h.layer.list = [KEYBOARD_SCANNER];
    h.service.start();
    const device = h.layer.handle(KEYBOARD_SCANNER.path!);
    const reports = keyboardReports('TUBE-000123', 'us', 'press-release');
    for (const r of reports.slice(0, 9)) {
      device.send(r);
      h.time.advance(2);
    }
    h.time.stall(150, () => reports.slice(9).forEach((r) => device.send(r)));
    h.time.advance(1000);
    expect(h.events.scan.map((s) => s.text)).toEqual(['TUBE-000123']);
    expect(h.events.error).toEqual([]);
  });

  it('keyboard: a read that really went quiet still ends on its idle timer', () => {
    const h = harness({ keyboardScanners: [{ ...KB_SETTINGS.keyboardScanners[0]!, idleMs: 80 }] });
    h.layer.list = [KEYBOARD_SCANNER];
    h.service.start();
    const device = h.layer.handle(KEYBOARD_SCANNER.path!);
    for (const r of keyboardReports('BOX9', 'us', 'press-release', null)) device.send(r);
    h.time.stall(150, () => {});
    expect(h.events.scan.map((s) => s.text)).toEqual(['BOX9']);
  });

  it('HID POS: a continuation queued during a stall longer than the timeout completes its read', () => {
    const h = harness();
    h.layer.list = [POS_SCANNER];
    h.service.start();
    const device = h.layer.handle(POS_SCANNER.path!);
    const text = `0109506000134352\x1d10LOT42\x1d21${'S'.repeat(70)}`;
    const [first, ...rest] = posReports(text, ']d2');
    device.send(first!);
    h.time.stall(700, () => rest.forEach((r) => device.send(r)));
    h.time.advance(1000);
    expect(h.events.scan).toMatchObject([{ text, aim: ']d2' }]);
    expect(h.events.error).toEqual([]);
  });

  it('on the real event loop: reports queued while main is busy are decoded before the idle timer decides', async () => {
    const layer = new FakeLayer();
    layer.list = [KEYBOARD_SCANNER];
    const service = createScannerService({
      layer,
      clock: monotonicClock,
      timers: nodeTimers,
      platform: 'linux',
      settings: KB_SETTINGS,
    });
    const scans: ScannerEvents['scan'][] = [];
    service.on('scan', (s) => scans.push(s));
    service.start();
    const device = layer.handle(KEYBOARD_SCANNER.path!);
    const reports = keyboardReports('TUBE-000123', 'us', 'press-release');
    const queued = reports.slice(9);
    // Reports cross into main as queued I/O, as node-hid's read thread delivers them.
    const { port1, port2 } = new MessageChannel();
    let delivered = 0;
    const allDelivered = new Promise<void>((resolve) =>
      port1.on('message', (r: Uint8Array) => {
        device.send(r);
        if (++delivered === queued.length) setImmediate(resolve); // and whatever the timer left for after them
      }),
    );
    try {
      for (const r of reports.slice(0, 9)) device.send(r);
      // Main is busy well past the 80 ms idle time while the rest of the read arrives.
      const busyFrom = performance.now();
      for (const r of queued) port2.postMessage(r);
      while (performance.now() - busyFrom < 150);
      await allDelivered;
      expect(scans.map((s) => s.text)).toEqual(['TUBE-000123']);
    } finally {
      port1.close();
      service.stop();
    }
  });
});
