import { describe, expect, it } from 'vitest';
import { KeyboardReportDecoder } from '../../../../main/scanner/keyboard-decoder.js';
import { ENTER, keyboardReports, keyPresses, keyReport, TAB, type KeyMode } from './reports.js';

const us = () => new KeyboardReportDecoder({ layout: 'us', terminators: ['enter', 'tab'] });
const de = () => new KeyboardReportDecoder({ layout: 'de', terminators: ['enter', 'tab'] });
const fr = () => new KeyboardReportDecoder({ layout: 'fr', terminators: ['enter', 'tab'] });

function texts(d: KeyboardReportDecoder, reports: Uint8Array[]): string[] {
  return reports.flatMap((r, i) => d.push(r, i)).map((s) => s.text);
}

describe('keyboard boot report decoding', () => {
  it.each<KeyMode>(['press-release', 'rollover', 'pairs'])('US layout, %s', (mode) => {
    const text = 'PLT-000123 a!@#$%^&*()_+{}|:"<>?~`';
    expect(texts(us(), keyboardReports(text, 'us', mode))).toEqual([text]);
  });

  it.each<KeyMode>(['press-release', 'rollover', 'pairs'])('German QWERTZ layout, %s', (mode) => {
    const text = "Zyklus-ÄÖÜäöüß?§/()=@€{[]}\\~|<>#'";
    expect(texts(de(), keyboardReports(text, 'de', mode))).toEqual([text]);
  });

  it.each<KeyMode>(['press-release', 'rollover', 'pairs'])('French AZERTY layout, %s', (mode) => {
    // Digits are on Shift, under é " ' ( - è _ ç à; M sits on the US ";" key.
    const text = 'Zèbre-àQWM S-0011 TB000011 &é"\'(-è_çà)=$*ù!;:,<>?./§%µ£°+#{[|`\\^@]}~€';
    expect(texts(fr(), keyboardReports(text, 'fr', mode))).toEqual([text]);
  });

  it("reads a US scanner's keys as a French keyboard types them", () => {
    expect(texts(fr(), keyboardReports('S-0011', 'us', 'press-release'))).toEqual(['S)àà&&']);
    expect(texts(us(), keyboardReports('S-0011', 'fr', 'press-release'))).toEqual(['S6))!!']);
  });

  it('reads the same key codes differently per layout (Y/Z swap)', () => {
    const reports = keyboardReports('TYZ', 'us', 'press-release');
    expect(texts(de(), reports)).toEqual(['TZY']);
  });

  it('types a key held across consecutive reports once', () => {
    const a = 0x04;
    const reports = [
      keyReport(0, [a]),
      keyReport(0, [a]),
      keyReport(0, [a]),
      keyReport(0, []),
      keyReport(0, [a]),
      keyReport(0, []),
      keyReport(0, [ENTER]),
    ];
    expect(texts(us(), reports)).toEqual(['aa']);
  });

  it('types several new keys in one report in slot order', () => {
    expect(texts(us(), [keyReport(0x02, [0x17, 0x05, 0x1e]), keyReport(0, []), keyReport(0, [ENTER])])).toEqual([
      'TB!',
    ]);
  });

  it('ignores ErrorRollOver reports (phantom state)', () => {
    const reports = [
      keyReport(0, [0x04]),
      keyReport(0, [1, 1, 1, 1, 1, 1]),
      keyReport(0, [0x04, 0x05]),
      keyReport(0, []),
      keyReport(0, [ENTER]),
    ];
    expect(texts(us(), reports)).toEqual(['ab']);
  });

  it('strips a report ID from 9-byte reports', () => {
    const withId = (r: Uint8Array) => Uint8Array.from([1, ...r]);
    expect(texts(us(), keyboardReports('S-1', 'us', 'press-release').map(withId))).toEqual(['S-1']);
  });

  it('ends on Tab as well as Enter, and a bare Enter is no scan', () => {
    const d = us();
    expect(
      texts(d, [...keyboardReports('A1', 'us', 'press-release', TAB), keyReport(0, [ENTER]), keyReport(0, [])]),
    ).toEqual(['A1']);
  });

  it('ends a read without a terminator after the idle time', () => {
    const d = new KeyboardReportDecoder({ layout: 'us', terminators: ['enter'] });
    for (const r of keyboardReports('TB42', 'us', 'press-release', null)) d.push(r, 100);
    expect(d.idle(150, 80)).toEqual([]);
    expect(d.idle(180, 80)).toEqual([{ text: 'TB42', startedAt: 100, at: 180, terminator: 'idle' }]);
  });

  it('Tab is data-less when not configured as terminator', () => {
    const d = new KeyboardReportDecoder({ layout: 'us', terminators: ['enter'] });
    expect(texts(d, keyboardReports('AB', 'us', 'press-release', TAB))).toEqual([]);
    expect(d.hasPending).toBe(true);
  });

  it('reads GS from Ctrl+] and from Alt+keypad 029', () => {
    const ctrlGs = [
      keyReport(0, [0x27]),
      keyReport(0, []),
      keyReport(0x01, [0x30]),
      keyReport(0, []),
      keyReport(0, [0x1e]),
      keyReport(0, []),
      keyReport(0, [ENTER]),
    ];
    expect(texts(us(), ctrlGs)).toEqual(['0\x1d1']);
    const altGs = [
      keyReport(0x04, []),
      keyReport(0x04, [0x62]),
      keyReport(0x04, []),
      keyReport(0x04, [0x5a]),
      keyReport(0x04, []),
      keyReport(0x04, [0x61]),
      keyReport(0, []),
      keyReport(0, [0x04]),
      keyReport(0, []),
      keyReport(0, [ENTER]),
    ];
    expect(texts(us(), altGs)).toEqual(['\x1da']);
  });

  it('reads RS from Ctrl+6 / Ctrl+^ and US from Ctrl+- / Ctrl+_ (ISO 15434 envelopes)', () => {
    const reports = keyPresses(
      0x1e,
      [0x01, 0x23], // Ctrl+6
      [0x03, 0x23], // Ctrl+Shift+6 = Ctrl+^
      [0x10, 0x2d], // right Ctrl+-
      0x1f,
    );
    expect(texts(us(), reports)).toEqual(['1\x1e\x1e\x1f2']);
  });

  it('Ctrl+@ (NUL) types nothing: the scan sanitizer refuses NUL', () => {
    const reports = [keyReport(0, [0x04]), keyReport(0x03, [0x1f]), keyReport(0, []), keyReport(0, [ENTER])];
    expect(texts(us(), reports)).toEqual(['a']);
  });

  it('a pending dead key is typed before a control character, not after it', () => {
    const reports = keyPresses(
      0x35, // German ^ (dead)
      [0x01, 0x30], // Ctrl+] = GS
      0x1e,
    );
    expect(texts(de(), reports)).toEqual(['^\x1d1']);
  });

  it('a pending dead key is typed before an Alt+keypad character', () => {
    const reports = [
      keyReport(0, [0x35]),
      keyReport(0, []),
      keyReport(0x04, [0x62]),
      keyReport(0x04, []),
      keyReport(0x04, [0x5a]),
      keyReport(0x04, []),
      keyReport(0x04, [0x61]),
      keyReport(0, []),
      keyReport(0, [0x1e]),
      keyReport(0, []),
      keyReport(0, [ENTER]),
    ];
    expect(texts(de(), reports)).toEqual(['^\x1d1']);
  });

  it('reads AltGr sent as left Ctrl+left Alt (Windows keyboard emulation) as AltGr', () => {
    const reports = keyPresses(
      [0x05, 0x14], // Ctrl+Alt+Q: @ on German layout
      [0x05, 0x25], // Ctrl+Alt+8: [
      [0x05, 0x62], // Ctrl+Alt+keypad 0: not an Alt code digit
      0x1e,
    );
    expect(texts(de(), reports)).toEqual(['@[1']);
  });

  it('abandon reports what a read had typed so far and leaves the decoder clean', () => {
    const d = de();
    expect(d.abandon('the scanner was unplugged')).toBeNull();
    for (const r of keyboardReports('TB12', 'de', 'press-release', null)) d.push(r, 0);
    d.push(keyReport(0, [0x35]), 1);
    expect(d.abandon('the scanner was unplugged')).toEqual({
      type: 'error',
      code: 'incomplete-scan',
      message: 'Incomplete scan "TB12^" dropped: the scanner was unplugged. Scan it again.',
    });
    expect(d.hasPending).toBe(false);
  });

  it('honours Caps Lock for letters only', () => {
    const reports = keyPresses(0x39, 0x04, [0x02, 0x05], 0x1e);
    expect(texts(us(), reports)).toEqual(['Ab1']);
  });

  it("Caps Lock capitalises a layout's letters wherever they sit, and nothing else", () => {
    const CAPS_LOCK = 0x39;
    // German: the umlauts on the US [ ; ' keys are letters too; ß has no capital on its key.
    expect(texts(de(), keyPresses(CAPS_LOCK, 0x2f, 0x33, 0x34, 0x2d, 0x1c))).toEqual(['ÜÖÄßZ']);
    // French: M on the US ";" key is a letter, the "," on the US M key is not, nor are the digit row's accents.
    expect(texts(fr(), keyPresses(CAPS_LOCK, 0x33, 0x10, 0x14, 0x1f, 0x1e))).toEqual(['M,Aé&']);
  });

  it('reads a German dead key followed by space as the accent itself', () => {
    const reports = keyPresses(0x35, 0x2c, 0x04);
    expect(texts(de(), reports)).toEqual(['^a']);
  });

  it('survives short and odd reports', () => {
    const d = us();
    expect(d.push(new Uint8Array(3), 0)).toEqual([]);
    expect(d.push(Uint8Array.from([0, 0, 0xff, 0xe0, 0x70, 0, 0, 0]), 1)).toEqual([]);
  });
});
