import { describe, expect, it } from 'vitest';
import { createClassifier } from '../../../../shared/barcode/classify.js';
import { withAim } from '../../../../shared/barcode/aim.js';
import { GS } from '../../../../shared/barcode/gs1.js';
import { capsLockSaid, swappedCase } from '../../../../shared/barcode/letter-case.js';
import { classify as benchClassify } from '../../../../renderer/lib/scan-input/scan-kind.js';

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
        'Separators missing? The scanner may drop FNC1: set it to send FNC1 as GS (group separator) and to send AIM ' +
        'symbology identifiers, which say that it does',
    );
    expect(benchClassify(`${GTIN}10LOT117261130`).garbage).toBe(true);
    // A serial that hides a second GTIN (check digit valid) and more.
    expect(classify(`${GTIN}21SN${GTIN.slice(2)}`).rejected).toBe(undefined);
    expect(classify(`${GTIN}21SN01${GTIN.slice(2)}`)).toMatchObject({ rejected: true });
  });

  it('is accepted with AIM or GS, whose scanners say where the values end', () => {
    expect(classify(`]d2${GTIN}10LOT117261130`)).toMatchObject({ kind: 'gs1', gs1: { lot: 'LOT117261130' } });
    expect(classify(`]C1${GTIN}10LOT117261130`)).toMatchObject({ kind: 'gs1', gs1: { lot: 'LOT117261130' } });
    expect(classify(`${GTIN}10LOT1${GS}17261130`)).toMatchObject({
      kind: 'gs1',
      gs1: { lot: 'LOT1', expiry: '2026-11-30' },
    });
    expect(classify(`${GS}${GTIN}17261130${GS}10LOT117261130`)).toMatchObject({ kind: 'gs1' });
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
