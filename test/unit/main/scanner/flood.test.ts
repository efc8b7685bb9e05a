import { describe, expect, it } from 'vitest';
import { MAX_READ_BYTES } from '../../../../main/scanner/hid-pos-decoder.js';
import { KeyboardReportDecoder, MAX_READ_CHARS } from '../../../../main/scanner/keyboard-decoder.js';
import { KEYBOARD_SCANNER, POS_SCANNER } from './fakes.js';
import { harness } from './harness.js';
import { ENTER, keyboardReports, posReports } from './reports.js';

/** A full HID POS report of 56 'A's with the more-data bit set: a read that never ends. */
function floodReport(): Uint8Array {
  const r = new Uint8Array(64);
  r[0] = 0x02;
  r[1] = 56;
  r.set([0x5d, 0x43, 0x30], 2);
  r.fill(0x41, 5, 61);
  r[63] = 1;
  return r;
}

describe('a flood of reports cannot take main down', () => {
  it('1,000,000 HID POS reports with the more-data bit: main lives, memory stays bounded, the next read arrives', () => {
    const h = harness();
    h.layer.list = [POS_SCANNER];
    h.service.start();
    const device = h.layer.handle(POS_SCANNER.path!);
    const flood = floodReport();
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < 1_000_000; i++) device.send(flood);
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;

    // One clear report of what happened, not one per report, and nothing delivered as a scan.
    const tooLong = h.events.error.filter((e) => e.code === 'read-too-long');
    expect(tooLong).toHaveLength(1);
    expect(tooLong[0]!.message).toContain(`longer than ${MAX_READ_BYTES} bytes`);
    expect(h.events.scan).toHaveLength(0);
    // 56 MB of data went through; what is kept is at most one read's worth (and the GC's slack).
    expect(heapGrowth).toBeLessThan(40 * 1024 * 1024);

    // The flood ends (the device goes quiet); the next good read is delivered whole.
    h.time.advance(1000);
    for (const r of posReports('TB000042', ']C0')) device.send(r);
    expect(h.events.scan.map((s) => s.text)).toEqual(['TB000042']);
    expect(h.service.listDevices()[0]).toMatchObject({ status: 'open' });
  });

  it('a read just under the cap is kept whole; the one after an over-long read starts clean', () => {
    const h = harness();
    h.layer.list = [POS_SCANNER];
    h.service.start();
    const device = h.layer.handle(POS_SCANNER.path!);
    const long = 'Q'.repeat(MAX_READ_BYTES);
    for (const r of posReports(long, ']Q1')) device.send(r);
    expect(h.events.scan[0]?.text).toHaveLength(MAX_READ_BYTES);
    for (const r of posReports(`${long}X`, ']Q1')) device.send(r);
    expect(h.events.error.map((e) => e.code)).toEqual(['read-too-long']);
    for (const r of posReports('PLT000001', ']C0')) device.send(r);
    expect(h.events.scan.map((s) => s.text.length)).toEqual([MAX_READ_BYTES, 9]);
  });

  it('Latin-1 bytes (not UTF-8) decode without a stack overflow, however many', () => {
    const h = harness();
    h.layer.list = [POS_SCANNER];
    h.service.start();
    const bytes = new Uint8Array(MAX_READ_BYTES).fill(0xe9); // é in Latin-1, invalid as UTF-8
    for (const r of posReports(bytes, ']C0')) h.layer.handle(POS_SCANNER.path!).send(r);
    expect(h.events.scan[0]?.text).toBe('é'.repeat(MAX_READ_BYTES));
  });

  it('20,000 keys without a pause or terminator are dropped with a reason, and the next read is whole', () => {
    const h = harness({
      keyboardScanners: [{ vendorId: KEYBOARD_SCANNER.vendorId, productId: KEYBOARD_SCANNER.productId }],
    });
    h.layer.list = [KEYBOARD_SCANNER];
    h.service.start();
    const device = h.layer.handle(KEYBOARD_SCANNER.path!);
    const a = new Uint8Array([0, 0, 0x04, 0, 0, 0, 0, 0]);
    const up = new Uint8Array(8);
    for (let i = 0; i < 20_000; i++) {
      device.send(a);
      device.send(up);
    }
    device.send(new Uint8Array([0, 0, ENTER, 0, 0, 0, 0, 0]));
    device.send(up);
    expect(h.events.scan).toHaveLength(0);
    expect(h.events.error.filter((e) => e.code === 'read-too-long')).toHaveLength(1);
    for (const r of keyboardReports('TB000007', 'us', 'press-release')) device.send(r);
    expect(h.events.scan.map((s) => s.text)).toEqual(['TB000007']);
  });

  it('an Alt+keypad code keeps at most four digits', () => {
    const keys = new KeyboardReportDecoder({ layout: 'us', terminators: ['enter'] });
    const altDown = (code: number) => new Uint8Array([0x04, 0, code, 0, 0, 0, 0, 0]);
    // Alt held, keypad 0 2 5 5 then 99 more nines: still Alt+0255 (ÿ), not a 100-digit number.
    const digits = [0x62, 0x5a, 0x5d, 0x5d, ...Array<number>(99).fill(0x61)];
    let t = 0;
    for (const d of digits) {
      keys.push(altDown(d), (t += 1));
      keys.push(new Uint8Array([0x04, 0, 0, 0, 0, 0, 0, 0]), (t += 1));
    }
    keys.push(new Uint8Array(8), (t += 1));
    const out = keys.push(new Uint8Array([0, 0, ENTER, 0, 0, 0, 0, 0]), (t += 1));
    expect(out.map((s) => s.text)).toEqual(['ÿ']);
    expect(MAX_READ_CHARS).toBeGreaterThan(4000);
  });
});
