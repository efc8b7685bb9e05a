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

  it('without a required terminator, a burst ends as a scan after silence', () => {
    const r = replay(new WedgeDetector({ requireTerminator: false }), burst('BOX12', 0, 6, null));
    expect(r.scans).toMatchObject([{ text: 'BOX12', terminator: 'idle' }]);
    expect(r.field).toBe('');
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
