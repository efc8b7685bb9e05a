import { describe, expect, it } from 'vitest';
import { KEYBOARD_SCANNER } from './fakes.js';
import { harness } from './harness.js';
import { keyboardReports } from './reports.js';

const ids = { vendorId: KEYBOARD_SCANNER.vendorId, productId: KEYBOARD_SCANNER.productId };

/** A HID keyboard scanner that pauses mid-read longer than its idle time (a Bluetooth link, a long code). */
function pausedRead(
  settings: Record<string, unknown>,
  reports = keyboardReports('TUBE-000123', 'us', 'press-release'),
) {
  const h = harness({ keyboardScanners: [{ ...ids, idleMs: 80, ...settings }] });
  h.layer.list = [KEYBOARD_SCANNER];
  h.service.start();
  const device = h.layer.handle(KEYBOARD_SCANNER.path!);
  const half = Math.floor(reports.length / 2);
  for (const r of reports.slice(0, half)) device.send(r);
  h.time.advance(300); // the scanner's own pause, longer than idleMs
  for (const r of reports.slice(half)) device.send(r);
  h.time.advance(5000);
  return h;
}

describe('HID keyboard scanner whose reads end only on a terminator (requireTerminator)', () => {
  it('off (as before): a pause longer than idleMs cuts the read in two recorded scans', () => {
    const h = pausedRead({});
    expect(h.events.scan.map((s) => s.text)).toHaveLength(2);
  });

  it('on: the paused read is one scan, ended by its Enter', () => {
    const h = pausedRead({ requireTerminator: true });
    expect(h.events.scan.map((s) => s.text)).toEqual(['TUBE-000123']);
    expect(h.events.error).toEqual([]);
  });

  it('on: a read whose terminator never comes is dropped and said, never recorded', () => {
    const h = pausedRead(
      { requireTerminator: true, unterminatedMs: 1000 },
      keyboardReports('TUBE-000123', 'us', 'press-release', null),
    );
    expect(h.events.scan).toEqual([]);
    expect(h.events.error.map((e) => e.message)).toEqual([
      expect.stringMatching(
        /^Incomplete scan "TUBE-000123" dropped: no terminator \(enter or tab\) came within 1000 ms, and this scanner's reads end only on one: check its suffix setting\. Scan it again\.$/,
      ),
    ]);
  });
});
