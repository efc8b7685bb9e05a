import { describe, expect, it } from 'vitest';
import { HidPosDecoder } from '../../../../main/scanner/hid-pos-decoder.js';
import { posReports } from './reports.js';

function feed(d: HidPosDecoder, reports: Uint8Array[], at = 0) {
  return reports.flatMap((r, i) => d.push(r, at + i));
}

describe('HID POS report decoding', () => {
  it('decodes a single report with its AIM identifier', () => {
    const out = feed(new HidPosDecoder(), posReports('PLT000123', ']C0'));
    expect(out).toEqual([{ type: 'scan', text: 'PLT000123', aim: ']C0', symbology: 'code128', startedAt: 0, at: 0 }]);
  });

  it('joins a read split over three reports by the continuation flag', () => {
    const text = 'X'.repeat(50) + 'Y'.repeat(50) + 'Z'.repeat(30);
    const reports = posReports(text, ']d2');
    expect(reports).toHaveLength(3);
    expect(reports.map((r) => r[63])).toEqual([1, 1, 0]);
    const out = feed(new HidPosDecoder(), reports, 10);
    expect(out).toEqual([{ type: 'scan', text, aim: ']d2', symbology: 'gs1-datamatrix', startedAt: 10, at: 12 }]);
  });

  it('decodes UTF-8 split across the report boundary, and falls back to Latin-1', () => {
    const text = 'A'.repeat(55) + 'é' + 'ü';
    expect(feed(new HidPosDecoder(), posReports(text, ']Q1'))[0]).toMatchObject({ text });
    const latin1 = Uint8Array.from([0x50, 0xe9, 0x31]);
    expect(feed(new HidPosDecoder(), posReports(latin1, ']C0'))[0]).toMatchObject({ text: 'P\u00e91' });
  });

  // Some scanners count the report's zero padding in its length byte: every read then ended in NULs,
  // which the classifier refuses as control characters, so no read of theirs was ever taken.
  it('drops the zero padding a length byte counted, at the end of the read only', () => {
    const padded = Uint8Array.from([...new TextEncoder().encode('TB000001'), 0, 0, 0]);
    expect(feed(new HidPosDecoder(), posReports(padded, ']C0'))[0]).toMatchObject({ type: 'scan', text: 'TB000001' });
    const inside = Uint8Array.from([0x41, 0, 0x42]);
    expect(feed(new HidPosDecoder(), posReports(inside, ']C0'))[0]).toMatchObject({ text: 'A\u0000B' });
    expect(feed(new HidPosDecoder(), posReports(Uint8Array.from([0, 0]), ']C0'))).toEqual([
      expect.objectContaining({ type: 'error', code: 'bad-report' }),
    ]);
  });

  it('keeps a GS (FNC1) inside the data', () => {
    expect(feed(new HidPosDecoder(), posReports('0109506000134352\x1d21AB', ']C1'))[0]).toMatchObject({
      text: '0109506000134352\x1d21AB',
      symbology: 'gs1-128',
    });
  });

  it('uses the vendor code id when no AIM identifier was sent', () => {
    const out = feed(new HidPosDecoder(), posReports('TB1', '', 56, 0x77));
    expect(out[0]).toMatchObject({ text: 'TB1', symbology: 'datamatrix' });
    expect(out[0]).not.toHaveProperty('aim');
  });

  it('ignores other report ids and empty reports', () => {
    const other = new Uint8Array(64);
    other[0] = 0x04;
    const empty = posReports('')[0]!;
    expect(feed(new HidPosDecoder(), [other, empty])).toEqual([]);
  });

  it('refuses a report claiming more data than fits, without crashing, and decodes the next read', () => {
    const bad = posReports('ABC')[0]!;
    bad[1] = 200;
    const d = new HidPosDecoder();
    expect(d.push(bad, 0)).toEqual([{ type: 'error', code: 'bad-report', message: expect.stringContaining('200') }]);
    expect(d.push(Uint8Array.from([2]), 1)[0]).toMatchObject({ type: 'error', code: 'bad-report' });
    expect(feed(d, posReports('TB9'))).toMatchObject([{ type: 'scan', text: 'TB9' }]);
  });

  it('drops a read whose continuation never arrives instead of merging it into the next', () => {
    const d = new HidPosDecoder();
    const first = posReports('A'.repeat(60))[0]!;
    expect(d.push(first, 0)).toEqual([]);
    expect(d.waiting).toBe(true);
    expect(d.expire(100, 500)).toEqual([]);
    expect(d.expire(600, 500)).toEqual([
      { type: 'error', code: 'incomplete-scan', message: expect.stringContaining('Scan it again') },
    ]);
    // The next read of the same symbology may be the lost tail: said and dropped, never recorded as a read.
    expect(feed(d, posReports('BOX1'), 700)).toEqual([
      { type: 'error', code: 'incomplete-scan', message: expect.stringContaining('"BOX1"') },
    ]);
    expect(feed(d, posReports('BOX2'), 800)).toMatchObject([{ type: 'scan', text: 'BOX2' }]);
  });

  it('drops the late tail of an expired read with a reason, instead of recording it as a read of its own', () => {
    const d = new HidPosDecoder();
    const text = 'X'.repeat(56) + 'Y'.repeat(56) + 'TAIL';
    const [head, middle, tail] = posReports(text, ']d2');
    expect(d.push(head!, 0)).toEqual([]);
    expect(d.expire(700, 500)).toMatchObject([{ type: 'error', code: 'incomplete-scan' }]);
    expect(d.waiting).toBe(false); // nothing to time out: the skip ends with the read's last report
    expect(d.push(middle!, 701)).toEqual([]);
    expect(d.push(tail!, 702)).toEqual([
      {
        type: 'error',
        code: 'incomplete-scan',
        message: expect.stringMatching(/^Incomplete scan "Y{40}…" dropped: it followed a dropped read/),
      },
    ]);
    expect(feed(d, posReports('BOX3', ']d2'), 800)).toMatchObject([{ type: 'scan', text: 'BOX3' }]);
  });

  it('after an expired read, a read with another AIM id is a new read, and an empty report ends the skip quietly', () => {
    const d = new HidPosDecoder();
    d.push(posReports('A'.repeat(60), ']C0')[0]!, 0);
    d.expire(600, 500);
    expect(feed(d, posReports('PLT7', ']Q1'), 700)).toMatchObject([{ type: 'scan', text: 'PLT7', aim: ']Q1' }]);

    d.push(posReports('A'.repeat(60), ']C0')[0]!, 800);
    d.expire(1400, 500);
    expect(d.push(posReports('')[0]!, 1401)).toEqual([]);
    expect(feed(d, posReports('BOX4'), 1500)).toMatchObject([{ type: 'scan', text: 'BOX4' }]);
  });

  it('abandon reports a read under way and leaves the decoder clean', () => {
    const d = new HidPosDecoder();
    expect(d.abandon('the scanner was unplugged')).toBeNull();
    d.push(posReports('Q'.repeat(60))[0]!, 0);
    expect(d.abandon('the scanner was unplugged')).toEqual({
      type: 'error',
      code: 'incomplete-scan',
      message: `Incomplete scan "${'Q'.repeat(40)}…" dropped: the scanner was unplugged. Scan it again.`,
    });
    expect(d.waiting).toBe(false);
  });

  it('does not merge when a new read with another symbology interrupts a continuation', () => {
    const d = new HidPosDecoder();
    d.push(posReports('A'.repeat(60), ']C0')[0]!, 0);
    const out = feed(d, posReports('PLT5', ']Q1'), 1);
    expect(out).toMatchObject([
      { type: 'error', code: 'incomplete-scan' },
      { type: 'scan', text: 'PLT5' },
    ]);
  });

  it('supports devices that do not number their reports', () => {
    const d = new HidPosDecoder({
      reportId: null,
      lengthOffset: 1,
      aimOffset: 2,
      dataOffset: 5,
      maxData: 56,
      codeIdOffset: 61,
      continuationOffset: 63,
    });
    const r = posReports('S-77')[0]!.subarray(1);
    expect(d.push(r, 0)).toMatchObject([{ type: 'scan', text: 'S-77' }]);
  });
});
