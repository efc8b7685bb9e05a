import { describe, expect, it } from 'vitest';
import { DEFAULT_SCAN_INPUT, type ScanInputSettings } from '../../../../../shared/barcode/scanner-settings.js';
import { judgeTest, type TestKey } from '../../../../../renderer/workflows/settings/scan-test.js';

/** `text` typed with its keys at `times`, then the end key right after the last. */
function entry(text: string, times: number[], end: 'Enter' | 'Tab' = 'Enter'): [TestKey[], TestKey] {
  const keys = [...text].map((key, i) => ({ key, at: times[i]! }));
  return [keys, { key: end, at: times.at(-1)! + 3 }];
}
const every = (ms: number, n: number) => Array.from({ length: n }, (_, i) => 1000 + i * ms);
const usb: ScanInputSettings = { ...DEFAULT_SCAN_INPUT, wedgeProfile: 'usb' };
const bluetooth: ScanInputSettings = { ...DEFAULT_SCAN_INPUT, wedgeProfile: 'bluetooth' };
const judge = (e: [TestKey[], TestKey], saved: ScanInputSettings) => judgeTest(e[0], e[1], saved);

describe('"test your scanner" judges as scanning does', () => {
  it('a quick burst is a scanner that fits the saved USB link', () => {
    expect(judge(entry('TB000001', every(5, 8)), usb)).toEqual({
      keys: 8,
      durationMs: 35,
      maxGapMs: 5,
      verdict: 'scanner',
      fits: 'usb',
      why: null,
    });
  });

  it('a Bluetooth scanner sending packets 90 ms apart fits the Bluetooth link and offers it', () => {
    // Four keys per radio packet, 1 ms apart inside it.
    const times = Array.from({ length: 12 }, (_, i) => 1000 + Math.floor(i / 4) * 90 + (i % 4));
    const r = judge(entry('TB0000012345', times), usb);
    expect([r.verdict, r.fits, r.why]).toEqual(['typing', 'bluetooth', null]);
    expect(judge(entry('TB0000012345', times), bluetooth).verdict).toBe('scanner');
  });

  it('a steady 50 ms scanner is a scanner on the saved Bluetooth link', () => {
    expect(judge(entry('TB000001', every(50, 8)), bluetooth)).toMatchObject({ verdict: 'scanner', fits: 'bluetooth' });
    expect(judge(entry('TB000001', every(50, 8)), usb)).toMatchObject({ verdict: 'typing', fits: 'bluetooth' });
  });

  it('one late key on USB keeps USB: scanning takes it as a scan there', () => {
    const times = [1000, 1005, 1010, 1060, 1065, 1070, 1075, 1080];
    expect(judge(entry('TB000001', times), usb)).toMatchObject({ verdict: 'scanner', fits: 'usb' });
  });

  it('a 3-character code is refused for its length, and says so', () => {
    const r = judge(entry('A12', every(5, 3)), usb);
    expect([r.verdict, r.fits]).toEqual(['typing', null]);
    expect(r.why).toMatch(/3 characters, and a scan needs at least 4/);
  });

  it("a person's typing is typing on every link, and says the gaps", () => {
    const r = judge(entry('TB000001', every(140, 8)), bluetooth);
    expect([r.verdict, r.fits]).toEqual(['typing', null]);
    expect(r.why).toMatch(/up to 140 ms apart/);
  });

  it('Tab ends an entry as Enter does', () => {
    expect(judge(entry('TB000001', every(5, 8), 'Tab'), usb)).toMatchObject({ verdict: 'scanner', fits: 'usb' });
  });
});
