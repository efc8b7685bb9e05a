import { describe, expect, it } from 'vitest';
import { WedgeDetector, type WedgeKey } from '../../../../../renderer/lib/scan/wedge-detector.js';
import { replay } from './replay.js';

/** Keys `text` at a fixed gap starting at `start`, then the terminator (if any). */
function burst(text: string, start: number, gap: number, terminator: string | null = 'Enter'): WedgeKey[] {
  const keys = [...text].map((key, i) => ({ key, at: start + i * gap }));
  if (terminator) keys.push({ key: terminator, at: start + text.length * gap });
  return keys;
}

describe('WedgeDetector decisions', () => {
  it('holds scanner-speed keys, consumes the Enter, and reports the scan', () => {
    const det = new WedgeDetector();
    const decisions = burst('PLT42', 100, 8).map((k) => det.key(k));
    expect(decisions.map((d) => d.action)).toEqual(['hold', 'hold', 'hold', 'hold', 'hold', 'consume']);
    expect(decisions.at(-1)!.scan).toMatchObject({
      text: 'PLT42',
      startedAt: 100,
      at: 140,
      durationMs: 40,
      keys: 5,
      terminator: 'Enter',
    });
  });

  it('releases held keys in order when the next key is too slow (typing)', () => {
    const det = new WedgeDetector();
    expect(det.key({ key: 'a', at: 0 })).toEqual({ action: 'hold', release: [] });
    expect(det.key({ key: 'b', at: 30 })).toEqual({ action: 'hold', release: [] });
    expect(det.key({ key: 'c', at: 200 })).toEqual({ action: 'hold', release: ['a', 'b'] });
    // One key held: up to 1.25 × 35 ms may pass before it is given back.
    expect(det.nextDeadline()).toBe(244.75);
    expect(det.tick(243)).toEqual({ release: [] });
    expect(det.tick(244.75)).toEqual({ release: ['c'] });
    expect(det.nextDeadline()).toBeNull();
  });

  it('a short fast burst is not a scan: minLength (default 4)', () => {
    const r = replay(new WedgeDetector(), burst('A1', 0, 5));
    expect(r).toEqual({ field: 'A1\n', scans: [] });
    expect(replay(new WedgeDetector({ minLength: 2 }), burst('A1', 0, 5)).scans.map((s) => s.text)).toEqual(['A1']);
  });

  it('Tab ends a scan too and is consumed, so focus does not jump to the next field', () => {
    const det = new WedgeDetector();
    const d = burst('TB001', 0, 5, 'Tab').map((k) => det.key(k));
    expect(d.at(-1)).toMatchObject({ action: 'consume', scan: { text: 'TB001', terminator: 'Tab' } });
    expect(new WedgeDetector({ terminators: ['Enter'] }).key({ key: 'Tab', at: 0 }).action).toBe('pass');
  });

  it('a bare Enter or Tab from the person passes', () => {
    expect(new WedgeDetector().key({ key: 'Enter', at: 5 })).toEqual({ action: 'pass', release: [] });
  });

  it('ignores modifier keydowns between scanner keys (Shift for capitals)', () => {
    const keys: WedgeKey[] = [
      { key: 'Shift', at: 0 },
      { key: 'P', at: 1 },
      { key: 'Shift', at: 6 },
      { key: 'L', at: 7 },
      { key: 'T', at: 14 },
      { key: '1', at: 20 },
      { key: 'Enter', at: 26 },
    ];
    expect(replay(new WedgeDetector(), keys)).toEqual({
      field: '',
      scans: [expect.objectContaining({ text: 'PLT1' })],
    });
  });

  it('Backspace, arrows and shortcuts release held keys first, then pass', () => {
    const det = new WedgeDetector();
    det.key({ key: 'x', at: 0 });
    expect(det.key({ key: 'Backspace', at: 10 })).toEqual({ action: 'pass', release: ['x'] });
    det.key({ key: 'y', at: 20 });
    expect(det.key({ key: 'c', at: 25, ctrl: true })).toEqual({ action: 'pass', release: ['y'] });
  });

  it('treats Ctrl+] inside a burst as GS (FNC1) and AltGr (Ctrl+Alt) characters as data', () => {
    const keys: WedgeKey[] = [
      ...burst('0109506000134352', 0, 4, null),
      { key: ']', at: 64, ctrl: true },
      ...burst('21A@', 68, 4),
    ];
    keys[keys.length - 2] = { key: '@', at: 80, ctrl: true, alt: true };
    expect(replay(new WedgeDetector(), keys).scans.map((s) => s.text)).toEqual(['0109506000134352\x1d21A@']);
  });

  it('treats Ctrl+^ (Ctrl+6) inside a burst as RS, as the scan field does (it was taken for a shortcut)', () => {
    const keys: WedgeKey[] = [
      ...burst('[)>', 0, 4, null),
      { key: '^', at: 12, ctrl: true },
      ...burst('06', 16, 4, null),
      { key: ']', at: 24, ctrl: true },
      ...burst('1PABC', 28, 4),
    ];
    expect(replay(new WedgeDetector(), keys).scans.map((s) => s.text)).toEqual(['[)>\x1e06\x1d1PABC']);
  });

  it('without a required terminator, a burst ends as a scan after silence', () => {
    const r = replay(new WedgeDetector({ requireTerminator: false }), burst('BOX12', 0, 6, null));
    expect(r.scans).toMatchObject([{ text: 'BOX12', terminator: 'idle' }]);
    expect(r.field).toBe('');
  });

  it.each([
    ['CR+LF', 'Enter', 'Enter'],
    ['Enter+Tab', 'Enter', 'Tab'],
    ['Tab+Enter', 'Tab', 'Enter'],
  ])('a %s suffix: the second terminator is swallowed too, not passed to the page', (_name, first, second) => {
    const det = new WedgeDetector();
    const keys: WedgeKey[] = [...burst('TUBE42', 0, 6, first), { key: second, at: 6 * 6 + 5 }];
    expect(replay(det, keys)).toEqual({ field: '', scans: [expect.objectContaining({ text: 'TUBE42' })] });
    // The person's own Enter a moment later is theirs again.
    expect(det.key({ key: 'Enter', at: 6 * 6 + 5 + 200 })).toEqual({ action: 'pass', release: [] });
  });

  it('strips a configured prefix and ends on a configured suffix, swallowing a trailing Enter', () => {
    const det = new WedgeDetector({ prefix: '§', suffix: '¤' });
    const r = replay(det, burst('§S-12¤', 0, 6));
    expect(r).toEqual({ field: '', scans: [expect.objectContaining({ text: 'S-12', terminator: 'suffix' })] });
  });

  it('with a prefix, a short code counts and slower keys are tolerated', () => {
    const r = replay(new WedgeDetector({ prefix: '§', profile: 'usb' }), burst('§A1', 0, 50));
    expect(r.scans.map((s) => s.text)).toEqual(['A1']);
  });

  it('reports when each scan started and ended, which the double-read filter measures from', () => {
    const r = replay(new WedgeDetector(), [...burst('TB77', 0, 5), ...burst('TB77', 150, 5)]);
    expect(r.scans.map((s) => [s.text, s.startedAt, s.at - s.startedAt > 0])).toEqual([
      ['TB77', 0, true],
      ['TB77', 150, true],
    ]);
    expect(r.field).toBe('');
  });

  it('back-to-back different scans are neither merged nor split', () => {
    const r = replay(new WedgeDetector(), [
      ...burst('PLT1', 0, 5),
      ...burst('TB2222', 40, 5),
      ...burst('S-33', 100, 5),
    ]);
    expect(r.scans.map((s) => s.text)).toEqual(['PLT1', 'TB2222', 'S-33']);
  });

  it('tolerates one late key in a Bluetooth read, and the bluetooth profile allows 60 ms', () => {
    const keys = burst('PLT123456', 0, 40);
    for (let i = 5; i < keys.length; i++) keys[i]!.at += 50; // one 90 ms hiccup mid-read
    expect(replay(new WedgeDetector({ profile: 'bluetooth' }), keys).scans.map((s) => s.text)).toEqual(['PLT123456']);
    expect(replay(new WedgeDetector({ profile: 'usb' }), burst('PLT123456', 0, 40)).scans).toEqual([]);
  });

  it('disabled: everything passes, held keys come back', () => {
    const det = new WedgeDetector();
    det.key({ key: 'a', at: 0 });
    expect(det.configure({ enabled: false })).toEqual(['a']);
    expect(det.key({ key: 'b', at: 1 })).toEqual({ action: 'pass', release: [] });
  });
});

describe('WedgeDetector and auto-repeat', () => {
  it('a held key repeating at 30 ms is typing, not a scan', () => {
    const keys: WedgeKey[] = [
      { key: 'a', at: 0 },
      ...Array.from({ length: 8 }, (_, i) => ({ key: 'a', at: 500 + i * 30, repeat: true })),
      { key: 'Enter', at: 760 },
    ];
    expect(replay(new WedgeDetector(), keys)).toEqual({ field: 'aaaaaaaaa\n', scans: [] });
  });
});

describe('WedgeDetector does not split a read', () => {
  it('keeps a read typing when its head came at near-scanner speed just before a fast tail', () => {
    const keys: WedgeKey[] = [
      { key: 'P', at: 0 },
      { key: 'L', at: 50 },
      { key: 'T', at: 100 },
      ...burst('123456', 150, 8),
    ];
    expect(replay(new WedgeDetector({ profile: 'usb' }), keys)).toEqual({ field: 'PLT123456\n', scans: [] });
    expect(replay(new WedgeDetector({ profile: 'bluetooth' }), keys).scans.map((s) => s.text)).toEqual(['PLT123456']);
  });
});

/**
 * Key timings measured in Chromium right after a page load (test/e2e/workflows/wedge-keys.spec.ts):
 * the busy page delivers a scanner's first keys 50–160 ms apart. No field has focus yet, so a key
 * given back as typing is lost; the read must keep its head.
 */
describe('WedgeDetector where typing does nothing (inert keys)', () => {
  const timed = (text: string, at: number[], inert = true): WedgeKey[] =>
    [...text, 'Enter'].map((key, i) => ({ key, at: at[i]!, inert }));

  it('keeps the first key of a read whose second key came late', () => {
    const keys = timed('PLT000001', [490.1, 538.7, 572.8, 600.6, 636.2, 689.7, 699.7, 709.9, 725.2, 735.2]);
    expect(replay(new WedgeDetector(), keys)).toEqual({
      field: '',
      scans: [expect.objectContaining({ text: 'PLT000001' })],
    });
  });

  it('keeps a first key far slower than the rest (not a key typed by hand before the read)', () => {
    const keys = timed('PLT000001', [536.2, 624.3, 634.1, 644.0, 652.2, 661.9, 671.5, 680.3, 690.8, 700.1]);
    expect(replay(new WedgeDetector(), keys).scans.map((s) => s.text)).toEqual(['PLT000001']);
  });

  it('keeps the head of a read that began right after other keys', () => {
    const keys: WedgeKey[] = [
      { key: 'x', at: 0, inert: true },
      { key: 'Escape', at: 250 }, // typing just before: the last-typed-keys rule would cut the head
      ...timed('TB000001', [316.8, 411.2, 422.2, 434.3, 442.0, 450.2, 462.4, 473.0, 485.1]),
    ];
    expect(replay(new WedgeDetector(), keys).scans.map((s) => s.text)).toEqual(['TB000001']);
  });

  it('in a text field the same timings still give a slow key back as typing, where it is seen', () => {
    const keys = timed('PLT000001', [536.2, 624.3, 634.1, 644.0, 652.2, 661.9, 671.5, 680.3, 690.8, 700.1], false);
    expect(replay(new WedgeDetector(), keys)).toEqual({
      field: 'P',
      scans: [expect.objectContaining({ text: 'LT000001' })],
    });
  });

  it("a person's keys there are still given back, a little later, and are not taken for a scan", () => {
    const keys: WedgeKey[] = [...'abcd'].map((key, i) => ({ key, at: i * 180, inert: true }));
    keys.push({ key: 'Enter', at: 720 });
    expect(replay(new WedgeDetector(), keys)).toEqual({ field: 'abcd\n', scans: [] });
  });

  it('new settings mid-read keep the keys held so far (the page applies its settings as it loads)', () => {
    const det = new WedgeDetector();
    const keys = timed('PLT000001', [539.9, 550.5, 578.5, 600.4, 611.0, 620.2, 630.5, 640.0, 650.1, 660.3]);
    det.key(keys[0]!);
    det.key(keys[1]!);
    expect(det.configure({ profile: 'usb' })).toEqual([]);
    expect(replay(det, keys.slice(2)).scans.map((s) => s.text)).toEqual(['PLT000001']);
    expect(det.configure({ enabled: false })).toEqual([]);
  });
});
