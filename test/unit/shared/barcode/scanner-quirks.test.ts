import { describe, expect, it } from 'vitest';
import { createClassifier } from '../../../../shared/barcode/classify.js';
import { withAim } from '../../../../shared/barcode/aim.js';
import { GS } from '../../../../shared/barcode/gs1.js';
import { capsLockSaid, swappedCase } from '../../../../shared/barcode/letter-case.js';
import { classify as benchClassify, garbageSaid } from '../../../../renderer/lib/scan-input/scan-kind.js';
import { code39CheckCharacter, code39Data } from '../../../../shared/barcode/code39.js';
import { randomText, seededRandom } from '../../../helpers/seeded-random.js';

/**
 * Reads as scanners set up otherwise than the default send them: FNC1 typed as text, FNC1 dropped,
 * Code 39's start/stop characters kept, data that starts like an AIM identifier. The shared classifier,
 * as every screen calls it (the bench's classify on top where the screens' answer differs).
 */
const classify = createClassifier({}, { now: () => Date.UTC(2026, 5, 1) });
const GTIN = '0109506000134352';

describe('a GS1 read whose scanner types FNC1 as text', () => {
  it.each([
    ['<GS>', `${GTIN}10LOT1<GS>17261130`],
    ['<gs> (Caps Lock)', `${GTIN}10LOT1<gs>17261130`],
    ['{GS}', `${GTIN}10LOT1{GS}17261130`],
    ['[GS]', `${GTIN}10LOT1[GS]17261130`],
    ['^]', `${GTIN}10LOT1^]17261130`],
    ['␝', `${GTIN}10LOT1\u241d17261130`],
    ['<GS> with a GS1 AIM', `]d2${GTIN}10LOT1<GS>17261130`],
    ['<GS> as the leading FNC1 too', `<GS>${GTIN}10LOT1<GS>17261130`],
  ])('%s: the text is read as the separator, and the scanner setting is named', (_, read) => {
    const c = classify(read);
    // On the old code `<GS>` passed as lot "LOT1<GS>17261130" (CSET 82 has < > G S), the expiry lost;
    // the others were refused for a character GS1 does not allow, with nothing said of the scanner.
    expect(c).toMatchObject({ kind: 'gs1', gs1: { gtin: '09506000134352', lot: 'LOT1', expiry: '2026-11-30' } });
    expect(c.normalized).toBe('(01)09506000134352(10)LOT1(17)261130');
    expect(c.why).toMatch(/the scanner sent FNC1 as the text ".+": set it to send GS \(group separator\) for FNC1/);
  });

  it('one that does not parse with GS there is refused, naming the setting', () => {
    const c = classify(`${GTIN}10LOT1<GS>17261399`);
    expect(c).toMatchObject({ kind: 'unknown', rejected: true });
    expect(c.reason).toContain('month 13');
    expect(c.reason).toContain(
      'the scanner sent FNC1 as the text "<GS>": set it to send GS (group separator) for FNC1',
    );
  });

  it.each([
    ['^', `]C1${GTIN}10LOT1^17261130`, '"^"'],
    ['@', `]d2${GTIN}10LOT1@17261130`, '"@"'],
    ['|, without an AIM', `${GTIN}10LOT1|17261130`, '"|"'],
    ['a space', `]d2${GTIN}10LOT1 17261130`, 'a space'],
    ['~', `${GTIN}10LOT1~17261130`, '"~"'],
  ])('FNC1 sent as one other character (%s): refused, naming it and the setting', (_, read, said) => {
    // On the old code the refusal named only the character CSET 82 does not allow, and the user looked
    // for it on a label that does not print it. Not read as a separator: any one character may be a misread.
    const c = classify(read);
    expect(c).toMatchObject({ kind: 'unknown', rejected: true });
    expect(c.reason).toMatch(
      /^(GS1 data did not parse|looks like GS1 data but does not parse): \(10\) Batch or lot number/,
    );
    expect(c.reason).toContain(
      `; with a group separator (FNC1) in place of each ${said} it parses: set the scanner to send GS for FNC1`,
    );
  });

  it('not said where the read does not parse with a separator there either', () => {
    for (const read of [
      `]C1${GTIN}10LOT1^17261399`,
      `]C1${GTIN.slice(0, -1)}3` + '10LOT1^17261130',
      `]d2${GTIN}10LOT1^^`,
    ]) {
      expect(classify(read).reason, read).not.toContain('group separator (FNC1) in place');
    }
  });

  it('`~1` is not taken for FNC1, and text outside GS1-shaped reads is left alone', () => {
    // A scanner sending `~` alone for FNC1: `~1` + 7261130 would give the wrong AI.
    expect(classify(`${GTIN}10LOT1~17261130`)).toMatchObject({ rejected: true });
    expect(classify(`${GTIN}10LOT1~17261130`).reason).not.toContain('FNC1 as the text');
    expect(classify('NOTE<GS>1')).toMatchObject({ kind: 'unknown', value: 'NOTE<GS>1' });
    expect(classify('NOTE<GS>1').why).toBe('no pattern matched');
  });
});

describe('a GS1 read without AIM and without GS whose last value runs into further AIs', () => {
  it('is refused when the tail of the lot reads as a dated or check-digited AI (FNC1 dropped)', () => {
    // On the old code: lot "LOT117261130", accepted, the expiry lost.
    const c = classify(`${GTIN}10LOT117261130`);
    expect(c).toMatchObject({ kind: 'unknown', rejected: true });
    expect(c.reason).toBe(
      'GS1 data without separators: (10) Batch or lot number "LOT117261130" may be "LOT1" followed by (17) Expiry date 261130. ' +
        'Separators missing? The scanner may drop FNC1: set it to send FNC1 as GS (group separator)',
    );
    expect(benchClassify(`${GTIN}10LOT117261130`).garbage).toBe(true);
    // A serial that hides a second GTIN (check digit valid) and more.
    expect(classify(`${GTIN}21SN${GTIN.slice(2)}`).rejected).toBe(undefined);
    expect(classify(`${GTIN}21SN01${GTIN.slice(2)}`)).toMatchObject({ rejected: true });
  });

  it('is accepted with AIM over HID POS, or with GS, whose scanners say where the values end', () => {
    // HID POS sends the symbol's bytes: a GS is never lost on the way.
    const hidPos = { asKeys: false };
    expect(classify(`]d2${GTIN}10LOT117261130`, hidPos)).toMatchObject({ kind: 'gs1', gs1: { lot: 'LOT117261130' } });
    expect(classify(`]C1${GTIN}10LOT117261130`, hidPos)).toMatchObject({ kind: 'gs1', gs1: { lot: 'LOT117261130' } });
    expect(benchClassify(`]d2${GTIN}10LOT117261130`, { source: 'hid' })).toMatchObject({ kind: 'gs1', garbage: false });
    expect(classify(`${GTIN}10LOT1${GS}17261130`)).toMatchObject({
      kind: 'gs1',
      gs1: { lot: 'LOT1', expiry: '2026-11-30' },
    });
    expect(classify(`${GS}${GTIN}17261130${GS}10LOT117261130`)).toMatchObject({ kind: 'gs1' });
  });

  it('is refused with AIM typed as keys, where GS (Ctrl+]) is lost on a keyboard layout other than US', () => {
    // On the old code: lot "LOT117261130" from ]d2 typed by a wedge, accepted, the expiry lost.
    for (const read of [`]d2${GTIN}10LOT117261130`, `]C1${GTIN}10LOT117261130`]) {
      const c = classify(read);
      expect(c, read).toMatchObject({ kind: 'unknown', rejected: true });
      expect(c.reason).toBe(
        'GS1 data without separators: (10) Batch or lot number "LOT117261130" may be "LOT1" followed by (17) Expiry date 261130. ' +
          'The scanner sent its AIM id but no separator: over a keyboard GS is typed as Ctrl+], which a keyboard layout ' +
          'other than US may lose. Set the scanner to send FNC1 as GS, or read it over HID POS',
      );
      for (const source of ['wedge', 'field', 'hid-keys'] as const)
        expect(benchClassify(read, { source }).garbage).toBe(true);
    }
    // With its separators it is what the pack says.
    expect(classify(`]d2${GTIN}10LOT1${GS}17261130`)).toMatchObject({
      kind: 'gs1',
      gs1: { lot: 'LOT1', expiry: '2026-11-30' },
    });
  });

  it('is accepted when the tail reads only as an AI any digits pass (a lot ending in a year), or as none', () => {
    expect(classify(`${GTIN}17261130` + '10LOT2024')).toMatchObject({ kind: 'gs1', gs1: { lot: 'LOT2024' } });
    expect(classify(`${GTIN}10ABC123`)).toMatchObject({ kind: 'gs1', gs1: { lot: 'ABC123' } });
    // 17261399 is no date: no second reading.
    expect(classify(`${GTIN}10LOT117261399`)).toMatchObject({ kind: 'gs1', gs1: { lot: 'LOT117261399' } });
  });
});

describe('Code 39 with its start/stop characters kept', () => {
  it.each(['*TB000001*', ']A0*TB000001*', ']A4*TB000001*'])('%s is the tube TB000001', (read) => {
    // On the old code: "no pattern matched", refused on every screen.
    const c = classify(read);
    expect(c).toMatchObject({ kind: 'tube', value: 'TB000001', normalized: 'TB000001' });
    expect(c.why).toContain('Code 39 start/stop * removed');
    expect(benchClassify(read)).toMatchObject({ kind: 'tube', value: 'TB000001', garbage: false });
  });

  it('only one surrounding pair is taken, and only from Code 39 or a read without AIM', () => {
    expect(classify('*TB000001')).toMatchObject({ kind: 'unknown', value: '*TB000001' });
    expect(classify(']C0*TB000001*')).toMatchObject({ kind: 'unknown', value: '*TB000001*' });
    expect(classify('**TB000001**')).toMatchObject({ kind: 'unknown', value: '*TB000001*' });
    expect(classify('TB000001').why).not.toContain('Code 39');
  });
});

describe('Code 39 with its check character sent after the data', () => {
  // By hand, from Code 39's values (0–9, A=10 … Z=35, "-"=36): T 29 + B 11 + 1 + 1 = 42, "%"; S 28 + "-" 36 + 1 + 1 = 66 = 23 mod 43, "N".
  it.each([
    [']A1TB000011%', 'tube', 'TB000011', '%'],
    [']A5TB000011%', 'tube', 'TB000011', '%'],
    [']A1*TB000011%*', 'tube', 'TB000011', '%'],
    [']A1S-0011N', 'sample-id', 'S-0011', 'N'],
  ])('%s, checked by the scanner and sent (AIM modifier 1 or 5), is %s %s', (read, kind, value, check) => {
    // On the old code: "no pattern matched", and a plausible one (S-0011N) asked about as an unknown sample.
    const c = classify(read);
    expect(c).toMatchObject({ kind, value, normalized: value });
    expect(c.why).toContain(`Code 39 check character ${check} removed`);
    expect(benchClassify(read)).toMatchObject({ kind, value, garbage: false });
  });

  it("Full ASCII's check character is reckoned from what is drawn, and a space one went with the read's end", () => {
    // The scanner manuals' example: AimId is drawn A+I+MI+D, whose check character is W.
    expect(code39Data('AimIdW', true)).toEqual({ data: 'AimId', check: 'W' });
    expect(code39Data('AimIdW', false)).toBeNull();
    expect(classify(']A5AimIdW').value).toBe('AimId');
    // S-3095's check character is a space (81 = 38 mod 43), trimmed like any read's trailing space.
    expect(classify(']A1S-3095 ')).toMatchObject({ kind: 'sample-id', value: 'S-3095' });
    expect(classify(']A1S-3095').why).toContain('Code 39 check character (a space) removed');
    // Not its check character: left as it came, not cut short.
    expect(classify(']A1S-00111')).toMatchObject({ value: 'S-00111' });
  });

  it('taken off by the scanner (modifier 3), or a Code 128 read: the data is as read', () => {
    expect(classify(']A3TB000011')).toMatchObject({ kind: 'tube', value: 'TB000011' });
    expect(classify(']A3TB000011').why).not.toContain('check character');
    expect(classify(']C0TB000011%')).toMatchObject({ kind: 'unknown', value: 'TB000011%' });
  });

  it.each([
    ['TB000011%', 'tube barcode TB000011', '%'],
    [']A0TB000011%', 'tube barcode TB000011', '%'],
    ['S-0011N', 'sample ID S-0011', 'N'],
  ])('%s, sent as data by a scanner that does not check it: refused, saying so', (read, readsAs, check) => {
    const c = classify(read);
    expect(c.kind).toBe('unknown');
    expect(c.cause).toBe(
      `ends in its Code 39 check character (${check}), this is ${readsAs}: set the scanner to check Code 39's ` +
        'check character and take it off (a barcode in its manual) and scan again',
    );
  });

  it('the bench records none of them as read: "%" is no character of an ID, and a plausible one gets the cause to ask with', () => {
    const refused = benchClassify('TB000011%');
    expect(refused.garbage).toBe(true);
    expect(garbageSaid(refused)).toMatch(
      /^Nothing recorded: ends in its Code 39 check character \(%\), this is tube barcode TB000011:/,
    );
    expect(benchClassify('S-0011N')).toMatchObject({
      garbage: false,
      cause: expect.stringContaining('sample ID S-0011'),
    });
  });

  it('not said where the last character is not the check character, after a position, or in a Code 128 read', () => {
    expect(classify('S-0011M').cause).toBeUndefined();
    expect(classify('A1B').cause).toBeUndefined(); // A1's check character is B: likelier a typo
    expect(classify(']C0S-0011N').cause).toBeUndefined();
  });

  it('seeded: any ID with its check character sent comes back whole, with the AIM or said without it', () => {
    const rand = seededRandom(3943);
    let said = 0;
    for (let i = 0; i < 300; i++) {
      const id =
        rand() < 0.5 ? `TB${randomText(rand, '0123456789', 6, 6)}` : `S-${randomText(rand, '0123456789', 4, 4)}`;
      const check = code39CheckCharacter(id)!;
      expect(classify(`]A1${id}${check}`).normalized, id).toBe(id);
      // S-9931's check character is 0, and S-99310 is a sample ID of its own: nothing to say of it.
      const asSent = classify(`${id}${check}`);
      if (asSent.kind !== 'unknown') continue;
      said++;
      expect(asSent.cause, id).toContain(` ${id}: set the scanner`);
    }
    expect(said).toBeGreaterThan(250);
  });
});

describe('Codabar with its start and stop characters kept, for a lab whose codes are digits', () => {
  const lab = createClassifier({ rules: [{ kind: 'tube', pattern: '^\\d{6}$', flags: '' }] });

  it.each([']F0A123456B', ']F0a123456d', ']F0T123456E'])('%s (a Codabar AIM) is the tube 123456', (read) => {
    // On the old code: "no pattern matched".
    const c = lab(read);
    expect(c).toMatchObject({ kind: 'tube', value: '123456' });
    expect(c.why).toMatch(/Codabar start\/stop .…. removed/);
  });

  it('without an AIM: refused or asked about, saying so; another AIM, or data that is no Codabar, is left alone', () => {
    expect(lab('A123456B').cause).toBe(
      "this is tube barcode 123456 between Codabar's start and stop characters (A…B): set the scanner not to send them (a barcode in its manual) and scan again",
    );
    expect(lab(']C0A123456B')).toMatchObject({ kind: 'unknown', value: 'A123456B' });
    expect(lab(']C0A123456B').cause).toBeUndefined();
    expect(lab(']F0A12X456B').value).toBe('A12X456B');
    // A built-in shape that happens to start and end with such letters is a code of its own.
    expect(classify('BOX000001')).toMatchObject({ kind: 'box' });
  });
});

describe("an ID with a scanner's prefix, Code ID or suffix around it", () => {
  it.each([
    ['jTB000011', 'tube barcode TB000011 with "j" in front', 'prefix (or Code ID) off, or enter it'],
    [']C0jTB000011', 'tube barcode TB000011 with "j" in front', 'prefix (or Code ID) off, or enter it'],
    ['ABCDS-0011', 'sample ID S-0011 with "ABCD" in front', 'prefix (or Code ID) off, or enter it'],
    ['BOX000001~', 'box barcode BOX000001 with "~" after it', 'suffix off, or enter it'],
    ['j#CMD:UNDO', 'a command barcode (#CMD:UNDO) with "j" in front', 'prefix (or Code ID) off, or enter it'],
    [
      `j${GTIN}17271130`,
      'GS1 data (01)09506000134352(17)271130 with "j" in front',
      'prefix (or Code ID) off, or enter it',
    ],
    [
      '#TB000011!',
      'tube barcode TB000011 with "#" in front and "!" after it',
      'prefix (or Code ID) and suffix off, or enter them',
    ],
  ])('%s: refused or asked about, saying what is around the ID and where to set it', (read, what, fix) => {
    // On the old code: "no pattern matched"; a plausible one was an unknown sample, placed unasked offline.
    const c = classify(read);
    expect(c.kind).toBe('unknown');
    expect(c.cause).toBe(`this is ${what}: turn the scanner's ${fix} in Settings → Scanners, and scan again`);
  });

  it('a command or GS1 data behind a prefix is refused on the bench, an ID asked about', () => {
    expect(benchClassify('j#CMD:UNDO')).toMatchObject({ garbage: true, frame: { before: 'j', after: '' } });
    expect(garbageSaid(benchClassify('j#CMD:UNDO'))).toMatch(
      /^Nothing recorded: this is a command barcode \(#CMD:UNDO\) with "j" in front:/,
    );
    expect(benchClassify('jTB000011')).toMatchObject({ garbage: false, kind: 'unknown' });
  });

  it('not said of an aliquot (a letter or digit after the ID), of more than four characters in front, or of a short ID', () => {
    for (const read of ['TB000011-2', 'S-0011A', 'TB000011.1', 'ABCDETB000011', 'xS-1', 'A1B']) {
      expect(classify(read).cause, read).toBeUndefined();
    }
  });

  it('seeded: an ID with up to four characters in front, or punctuation after, is named whole', () => {
    const rand = seededRandom(1504);
    for (let i = 0; i < 300; i++) {
      const id = `TB${randomText(rand, '0123456789', 6, 6)}`;
      const front = randomText(rand, 'abcdefghijklmnopqrstuvwxyz~#@!', 0, 4);
      const end = front && rand() < 0.5 ? '' : randomText(rand, '~#!*^|', 1, 3);
      const c = classify(`${front}${id}${end}`);
      expect(c.cause, `${front}${id}${end}`).toMatch(new RegExp(`^this is tube barcode ${id} with `));
    }
  });
});

describe('an ID framed by control characters, as a scanner set up for a serial line sends it', () => {
  it('STX before and ETX after it is the serial frame: the ID between is read', () => {
    // On the old code: refused "control character U+0002 at position 1".
    for (const read of ['\x02TB000011\x03', '\x02TB000011\x03\r\n', '\x02]C0TB000011\x03', '\x02TB000011\r\x03']) {
      expect(classify(read), JSON.stringify(read)).toMatchObject({ kind: 'tube', normalized: 'TB000011' });
    }
    expect(classify('\x02#CMD:UNDO\x03')).toMatchObject({ kind: 'command', command: 'undo' });
    expect(classify('\x02\x03')).toMatchObject({ rejected: true, reason: 'empty scan' });
  });

  it.each([
    ['\x02TB000011', 'STX (U+0002) in front', 'prefix (or Code ID) off'],
    ['TB000011\x03', 'ETX (U+0003) after it', 'suffix off'],
    ['TB000011\x00', 'NUL (U+0000) after it', 'suffix off'],
    ['\x01TB000011\x04', 'SOH (U+0001) in front and EOT (U+0004) after it', 'prefix (or Code ID) and suffix off'],
    // EOT alone is a character a scan may carry (ISO 15434), so this one came as far as the causes; the
    // bench still refuses it (no ID holds EOT).
    ['TB000011\x04', 'EOT (U+0004) after it', 'suffix off'],
  ])('%j: refused, saying what is around the ID; no setting is offered that cannot hold it', (read, around, fix) => {
    // On the old code: "control character U+0002 at position 1", or for EOT 'with "" after it: … enter it
    // in Settings → Scanners', whose fields take visible characters only.
    const c = classify(read);
    expect(c.kind).toBe('unknown');
    expect(c.cause).toBe(`this is tube barcode TB000011 with ${around}: turn the scanner's ${fix}, and scan again`);
    expect(benchClassify(read).garbage).toBe(true);
  });

  it('a control character inside the ID, or a read that is no ID of ours without them, says only where it is', () => {
    expect(classify('TB\x02000011')).toMatchObject({
      rejected: true,
      reason: 'control character U+0002 at position 3',
    });
    expect(classify('\x02hello')).toMatchObject({ rejected: true, reason: 'control character U+0002 at position 1' });
  });
});

describe('a HID read whose data starts with "]" and a code letter', () => {
  it('gets its AIM identifier in front unless it starts with that very one; no character of it is lost', () => {
    // On the old code the AIM was left off and the classifier took "]A0" for one: "123" was all that was left.
    expect(withAim(']C0', ']A0123')).toBe(']C0]A0123');
    expect(classify(withAim(']C0', ']A0123'))).toMatchObject({ value: ']A0123', symbology: 'code128' });
    expect(withAim(']C1', `]C1${GTIN}`)).toBe(`]C1${GTIN}`);
    expect(withAim(undefined, ']A0123')).toBe(']A0123');
    expect(withAim(']d2', GTIN)).toBe(`]d2${GTIN}`);
  });
});

describe('a code the service has no row for, with lower-case letters', () => {
  it('names Caps Lock and the label to look for', () => {
    expect(swappedCase('fx00000001')).toBe('FX00000001');
    expect(swappedCase('aB-1')).toBe('Ab-1');
    expect(capsLockSaid('fx00000001')).toBe(
      'fx00000001 may have been read with Caps Lock on: if the label reads FX00000001, scan it again with Caps Lock off.',
    );
    expect(capsLockSaid('FX00000001')).toBeNull();
    expect(capsLockSaid('12345')).toBeNull();
  });
});
